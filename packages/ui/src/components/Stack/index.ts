export { Stack, stackAligns, stackElements, type StackProps } from './Stack.js';
