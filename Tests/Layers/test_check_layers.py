# The layer check's own test: a check that cannot fail protects nothing. Each case copies the
# package's Package.swift and Swift files into a temporary tree, plants one violation, and runs
# check_layers.py on the copy as `make test-layers` runs it: it must fail and name the file.
# Run: python3 -m unittest discover -s Tests/Layers

import shutil
import subprocess
import sys
import tempfile
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import check_layers  # noqa: E402  (the table and the import pattern the check uses)

SCRIPT = Path(__file__).resolve().parent / "check_layers.py"
REPOSITORY = SCRIPT.parents[2]


def copy_swift_only(source, destination):
    def ignore(directory, names):
        return [n for n in names if not (Path(directory, n).is_dir() or n.endswith(".swift"))]
    shutil.copytree(source, destination, ignore=ignore)


class LayerCheckTests(unittest.TestCase):
    def setUp(self):
        self.scratch = tempfile.TemporaryDirectory()
        self.root = Path(self.scratch.name)
        shutil.copy(REPOSITORY / "Package.swift", self.root / "Package.swift")
        for top in ("Sources", "Tests"):
            copy_swift_only(REPOSITORY / top, self.root / top)

    def tearDown(self):
        self.scratch.cleanup()

    def run_check(self):
        result = subprocess.run([sys.executable, str(SCRIPT), "--root", str(self.root)],
                                capture_output=True, text=True)
        return result.returncode, result.stdout + result.stderr

    def plant(self, relative, text):
        path = self.root / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)

    def assert_fails_naming(self, *needles):
        code, output = self.run_check()
        self.assertEqual(code, 1, output)
        for needle in needles:
            self.assertIn(needle, output)

    def test_the_copy_passes_as_the_repository_does(self):
        code, output = self.run_check()
        self.assertEqual(code, 0, output)

    def edit_package(self, old, new):
        """Replaces `old` in the copy's Package.swift: a test whose text is gone fails, not passes."""
        package = self.root / "Package.swift"
        text = package.read_text()
        self.assertIn(old, text, "Package.swift changed: this test no longer edits what it means to")
        package.write_text(text.replace(old, new))

    def test_swipe_core_importing_glibc_fails(self):
        self.plant("Sources/SwipeCore/Clock.swift", "import Glibc\n")
        self.assert_fails_naming("Sources/SwipeCore/Clock.swift:1", "SwipeCore may not import Glibc")

    def test_ui_importing_the_store_fails_even_when_declared(self):
        self.plant("Sources/KioskUI/Rows.swift", "// rows\n@preconcurrency import struct KioskStore.ItemRecord\n")
        self.edit_package('name: "KioskUI", dependencies: ["SwipeCore", "Canvas"]',
                          'name: "KioskUI", dependencies: ["SwipeCore", "Canvas", "KioskStore"]')
        self.assert_fails_naming("Sources/KioskUI/Rows.swift:2", "KioskUI may not import KioskStore")

    def test_the_app_making_a_syscall_fails(self):
        self.plant("Sources/KioskApp/App/Sleep.swift", "import Glibc\n")
        self.assert_fails_naming("Sources/KioskApp/App/Sleep.swift:1", "KioskApp may not import Glibc")

    def test_an_undeclared_import_fails(self):
        self.plant("Tests/KioskHardwareTests/StoreTests.swift", "@testable import KioskStore\n")
        self.assert_fails_naming("KioskHardwareTests imports KioskStore", "does not declare")

    def test_the_executable_importing_a_layer_under_the_app_fails(self):
        self.plant("Sources/swipe-kiosk/Store.swift", "import KioskStore\n")
        self.assert_fails_naming("Sources/swipe-kiosk/Store.swift:1", "swipe-kiosk imports KioskStore, which Package.swift does not declare")

    def test_an_import_written_across_lines_after_a_comment_or_a_semicolon_fails(self):
        for text in ["import\n    KioskStore\n", "/* c */ import KioskStore\n", "import Logging; import KioskStore\n",
                     "@testable\nimport KioskStore\n"]:
            with self.subTest(text=text):
                self.plant("Sources/KioskUI/Hidden.swift", "// rows\n" + text)
                self.assert_fails_naming("Sources/KioskUI/Hidden.swift:", "KioskUI imports KioskStore")

    def test_imports_in_comments_and_strings_are_not_imports(self):
        self.plant("Sources/KioskUI/Words.swift", '// import KioskStore\n/* import KioskStore /* nested */\nimport KioskStore */\n'
                   'let a = "import KioskStore"\nlet b = """\nimport KioskStore\n"""\nlet c = #"import KioskStore "quoted""#\n')
        code, output = self.run_check()
        self.assertEqual(code, 0, output)

    def test_an_unknown_module_fails(self):
        self.plant("Sources/KioskStore/Net.swift", "import NIOCore\n")
        self.assert_fails_naming("NIOCore is not a module of this package")

    def test_a_target_missing_from_the_table_fails(self):
        self.plant("Sources/KioskNotInTable/Thing.swift", "import KioskStore\n")
        self.edit_package("        // The items database:",
                          '        .target(name: "KioskNotInTable", dependencies: ["KioskStore"]),\n        // The items database:')
        self.assert_fails_naming("target KioskNotInTable is not in")


if __name__ == "__main__":
    unittest.main()
