export { Card, cardElevations, cardPaddings, cardTones, type CardProps } from './Card.js';
