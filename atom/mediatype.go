package atom

import (
	"fmt"
	"slices"
	"strings"

	"github.com/legoenv/legoenv/state"
)

// extensionTypes are the media types a file's name ending in an extension
// is of (IANA's registrations, and the types Office and Google Drive give
// the files they write). A name ending in another extension, or in none,
// says nothing here.
var extensionTypes = map[string][]string{
	"pdf":  {"application/pdf"},
	"doc":  {"application/msword"},
	"docx": {"application/vnd.openxmlformats-officedocument.wordprocessingml.document"},
	"xls":  {"application/vnd.ms-excel"},
	"xlsx": {"application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"},
	"ppt":  {"application/vnd.ms-powerpoint"},
	"pptx": {"application/vnd.openxmlformats-officedocument.presentationml.presentation"},
	"odt":  {"application/vnd.oasis.opendocument.text"},
	"ods":  {"application/vnd.oasis.opendocument.spreadsheet"},
	"csv":  {"text/csv"},
	"tsv":  {"text/tab-separated-values"},
	"txt":  {"text/plain"},
	"md":   {"text/markdown", "text/plain"},
	"html": {"text/html"},
	"json": {"application/json"},
	"xml":  {"application/xml", "text/xml"},
	"zip":  {"application/zip"},
	"png":  {"image/png"},
	"jpg":  {"image/jpeg"},
	"jpeg": {"image/jpeg"},
	"gif":  {"image/gif"},
	"svg":  {"image/svg+xml"},
	"webp": {"image/webp"},
	"mp3":  {"audio/mpeg"},
	"mp4":  {"video/mp4"},
	"mov":  {"video/quicktime"},
}

// NameExtension is the extension a file's name ends in, lower-cased: one
// to five letters and digits, a letter among them, after its last full
// stop ("pdf" of "Q3 report.PDF"); "" where the name ends in none ("Q3
// proposal", "Acme Inc.", "Release 2.1").
func NameExtension(name string) string {
	i := strings.LastIndexByte(name, '.')
	if i < 0 {
		return ""
	}
	ext := strings.ToLower(name[i+1:])
	if len(ext) == 0 || len(ext) > 5 || !strings.ContainsAny(ext, "abcdefghijklmnopqrstuvwxyz") {
		return ""
	}
	for _, r := range ext {
		if (r < 'a' || r > 'z') && (r < '0' || r > '9') {
			return ""
		}
	}
	return ext
}

// MediaTypes are the media types a media_type rule lets rec hold in its
// first field, by the file name in its second: the types of the name's
// extension, or, for a name that ends in none, the rule's Values (a Google
// Drive file named "Q3 proposal" is a Google Docs, Sheets or Slides file,
// which carries no extension). ok is false where the name is unset, ends
// in an extension extensionTypes does not know, or ends in none and the
// rule lists no Values.
func (inv Invariant) MediaTypes(rec map[string]any) (types []string, ok bool) {
	name := state.Text(rec[inv.Fields[1]])
	if name == "" {
		return nil, false
	}
	if ext := NameExtension(name); ext != "" {
		types, ok := extensionTypes[ext]
		return types, ok
	}
	return inv.Values, len(inv.Values) > 0
}

// mediaTypeProblem is how rec breaks a media_type rule: a type its file's
// name does not allow (a "renewal proposal" stored as image/png).
func (inv Invariant) mediaTypeProblem(rec map[string]any) (Problem, bool) {
	got := state.Text(rec[inv.Fields[0]])
	want, ok := inv.MediaTypes(rec)
	if got == "" || !ok || slices.Contains(want, got) {
		return Problem{}, false
	}
	return Problem{inv.Fields[0], fmt.Sprintf("%s %s is not the type of a file named %q (%s)", inv.Fields[0], got, state.Text(rec[inv.Fields[1]]), strings.Join(want, ", "))}, true
}
