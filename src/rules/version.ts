/**
 * The rules version, recorded with every result and replay. Change it with
 * any change to the rules' behaviour, so results of old rules are never merged
 * with new ones.
 */
export const RULES_VERSION = 'havoc-rules-1';
