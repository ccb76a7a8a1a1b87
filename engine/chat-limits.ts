/** The longest chat message, in characters: the server refuses longer ones, the client's input stops there. */
export const MAX_CHAT_BODY = 2000;
/** The most files one chat message carries (each within the upload limits of SPEC §5: JPG ≤ 2 MB, PDF ≤ 10 MB). */
export const MAX_CHAT_FILES = 5;
