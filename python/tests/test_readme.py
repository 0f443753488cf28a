"""The README's Python section, run as written in a directory laid out as
a fresh clone (python/ and a ./legoenv built from this checkout; the `go
build` line itself is what made $LEGOENV_BIN)."""

from __future__ import annotations

import os
import re
import subprocess
import tempfile
import unittest

import support

ROOT = os.path.dirname(os.path.dirname(support.HERE))


def python_section_commands() -> list:
    with open(os.path.join(ROOT, "README.md"), encoding="utf-8") as f:
        text = f.read()
    section = text.split("\n## Python\n", 1)[1].split("\n## ", 1)[0]
    return [line[4:] for line in section.splitlines() if line.startswith("    ") and line.strip()]


class ReadmePython(unittest.TestCase):
    def test_commands_run_as_written(self) -> None:
        cmds = python_section_commands()
        self.assertEqual(cmds[0], "go build -o legoenv ./cmd/legoenv")
        with tempfile.TemporaryDirectory() as clone:
            os.symlink(os.path.join(ROOT, "python"), os.path.join(clone, "python"))
            os.symlink(support.binary(), os.path.join(clone, "legoenv"))
            env = {k: v for k, v in os.environ.items() if k not in ("LEGOENV_BIN", "PYTHONPATH")}
            outputs = []
            for cmd in cmds[1:]:
                p = subprocess.run(["bash", "-euo", "pipefail", "-c", cmd], cwd=clone, env=env,
                                   capture_output=True, text=True, timeout=120)
                self.assertEqual(p.returncode, 0, f"{cmd}\n{p.stdout}\n{p.stderr}")
                outputs.append(p.stdout)
        self.assertRegex(outputs[0], r"^env-[0-9a-f]{12}: reward 1\.000, passed True, \d+ turns")
        # The comment beside the command says what it prints.
        self.assertIn("# env-...: reward 1.000, passed True", cmds[1])
        self.assertTrue(re.match(r'wrote hf-example \(.*\): train 7\n\{"env_id":"env-', outputs[1]), outputs[1])


if __name__ == "__main__":
    unittest.main()
