package verdict

// Diagnostic is one finding of a check. Cause is set when the finding fails
// the check; findings without a cause are notes (which plan was used, what
// was tried).
type Diagnostic struct {
	Message string
	Cause   *RootCause
}

// Failing makes a failing diagnostic, its message the cause's evidence.
func Failing(c RootCause) Diagnostic {
	return Diagnostic{Message: c.Evidence.Message, Cause: &c}
}

// Note makes an informational diagnostic.
func Note(msg string) Diagnostic { return Diagnostic{Message: msg} }
