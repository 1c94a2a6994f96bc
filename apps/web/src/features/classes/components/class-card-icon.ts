/** The icon class of every card title on the class screen. */
export const CLASS_CARD_ICON = 'size-5 text-indigo-600 dark:text-indigo-400';
