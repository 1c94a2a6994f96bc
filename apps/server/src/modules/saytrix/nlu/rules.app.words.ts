// The word patterns the app rules share.

/** A question, not an instruction: "did…", "can I…", "should I…", "how do I…", "what happens if…". */
export const QUESTION =
  /^(did|do|does|can i|could i|should i|would i|shall i|is|are|was|were|has|have|how|what|why|when|where|whether|will i|which|kya)\b/;

export const ORDER_DONE =
  /\b(go|gone|went|get|got) (through|executed|filled|done)\b|\b(executed|filled|completed|complete|done|placed|fill|execute|go through)\b/;
export const REMOVE =
  /\b(remove|delete|drop|take off|untrack|unwatch|hatao|hata do|nikalo|get rid of|cancel|clear|off|don't want|dont want|do not want|no longer|stop tracking|stop watching|stop alerting|stop notifying|stop reminding)\b/;
export const CHANGE =
  /\b(change|move|modify|update|edit|amend|revise|shift|raise|lower|reduce|increase|cut|bump|decrease|make the|make my|make that|make this|set it to|badlo|badal do)\b|\binstead of \d/;
export const ADD = /\b(add|put|include|save|track|follow|insert|daal|rakh|watch)\b/;

/** A question about the cause of a stock's move: "why", "kyu", "what's behind", "what made it drop". */
export const WHY =
  /\b(why|kyun|kyon|kyu|kyo|what happened to|reasons? (for|behind)|(what's|what is|whats) (behind|driving)|what (made|drove|caused|pushed|pulled|sent|dragged))\b|\b(explain|behind)\b.*\b(move|moves|jump|fall|drop|rally|rise|surge|crash|slump|spike|dip|selloff)\b/;

export const ALERT_WORDS =
  /\b(alert|alerts|alerting|notifying|notify|remind|ping me|tell me when|let me know when|let me know if|inform me|tell me if)\b/;
/** Screens that are only places (no list of their own to read out). */
export const SCREEN_ONLY = new Set([
  '/dashboard',
  '/settings',
  '/profile',
  '/reports',
  '/charts',
  '/trading',
  '/saytrix',
]);
