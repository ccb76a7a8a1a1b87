/** The longest chat message, in characters: the server refuses longer ones, the client's input stops there. */
export const MAX_CHAT_BODY = 2000;
