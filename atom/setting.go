package atom

import "strings"

// A constant of an effect's set may name a setting of the app instead of
// a value: "$settings.<field>" is the field <field> of the app's settings
// record (collection SettingsCollection, key SettingsKey) in the state the
// tool runs on, such as the signed-in user an app's records are authored
// by. Where the state holds no such setting the field is left unset.
const (
	settingPrefix      = "$settings."
	SettingsCollection = "settings"
	SettingsKey        = "settings"
)

// SettingConstant is the constant that names setting field of the app.
func SettingConstant(field string) string { return settingPrefix + field }

// SettingRef reports the setting a constant names, if it names one.
func SettingRef(v any) (string, bool) {
	s, ok := v.(string)
	if !ok {
		return "", false
	}
	f, ok := strings.CutPrefix(s, settingPrefix)
	return f, ok && f != ""
}
