/** The chat connection machine, for the client's chat socket (src/ reaches workflows/ through the engine). */
export { chatConnectionMachine, CHAT_TIMING, CHAT_MAX_RECONNECTS, type ChatConnectionEvent, type ChatSocketCommand } from '../workflows/chat-connection.machine.ts';
