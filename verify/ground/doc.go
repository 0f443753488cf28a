// Package ground finds where an agent could have read a value: what it has
// seen before a step (Visible: the messages and earlier observations as
// loose text, their numbers, dates, template slots and JSON pairs), whether
// a text states a value (ContextDoc.Holds), the figures a declared
// derivation computes from the records shown (Derive, Formula), and the
// values a written record carries (InRecord). Grounding is one traced
// value. It knows nothing of environments, runs or verdicts: verify's
// grounding check builds a Visible per step and asks it.
package ground
