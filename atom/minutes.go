package atom

// UnitMinutes is the unit of a length of time kept as a whole count of
// minutes (Field.Unit): a Calendly event type's duration, a Zoom
// meeting's. Synthesis draws it as the length people book, in quarter
// hours (MeetingMinutes), within the field's bounds; the bounds a field
// declares beside it (minimum, maximum) are the lengths the product
// offers, and coherence reports a length outside them (a meeting type of
// two minutes).
const UnitMinutes = "minutes"

// MeetingMinutes are the lengths a meeting is booked for, in minutes: the
// quarter hours to an hour, then an hour and a half and two.
func MeetingMinutes() []float64 { return []float64{15, 30, 45, 60, 90, 120} }
