#!/usr/bin/env python3
# The layer check of `make test-layers` (docs/ARCHITECTURE.md, "Layers"): the build itself lets a
# target import anything its dependencies reach transitively, so nothing but this script stops a
# layer from growing an arrow the design forbids. It reads Package.swift and every target's Swift
# files, and fails when
#   - a target imports a module its row of ALLOWED does not list (the design's arrows),
#   - a target imports a package module that Package.swift does not declare as its dependency,
#   - an import names a module that is neither a package module nor a toolchain one,
#   - Package.swift has a Swift target this table does not know,
# `--graph` prints the real import graph instead (per target: module(files importing it)).
# Python 3 standard library only; no build needed.

import argparse
import re
import sys
from collections import defaultdict
from pathlib import Path

# Modules that come with the toolchain or the C library, never declared in Package.swift.
TOOLCHAIN = {"Swift", "Glibc", "Foundation", "Dispatch", "XCTest", "_Concurrency", "Synchronization"}

# Test targets may import any module, as long as Package.swift declares it.
ANY = None

# What each target may import: the design's arrows (docs/ARCHITECTURE.md, "Layers") plus the
# C, toolchain and package modules each layer uses by design. A module not in a target's row is
# forbidden there.
ALLOWED = {
    "SwipeCore": {"RealModule"},
    "KioskFiles": {"Glibc"},
    "Canvas": {"SwipeCore", "KioskFiles", "Glibc", "CFreeType", "CHarfBuzz", "CFriBidi", "CPNG",
               "CFontconfig", "CICU", "CTurboJPEG", "CWebP"},
    "KioskUI": {"SwipeCore", "Canvas"},
    "KioskHardware": {"SwipeCore", "KioskFiles", "Glibc", "Logging", "CDRM", "CLibInput", "CLinuxKernel", "CALSA",
                      "CMalloc"},
    # KioskFiles for MemoryHeadroom: espeak-ng starts only with room for it.
    "KioskSpeech": {"CEspeakNG", "Foundation", "KioskHardware", "KioskFiles"},
    "KioskStore": {"KioskFiles", "Glibc", "CSQLite"},
    # KioskStore for the data effects' names (ItemEffect: declared once, with their SQL).
    "KioskConfig": {"SwipeCore", "KioskStore", "KioskFiles", "Glibc", "TOMLKit"},
    "KioskReplay": {"KioskHardware", "SwipeCore", "KioskFiles", "Yams"},
    "KioskApp": {"KioskUI", "KioskStore", "KioskConfig", "KioskReplay", "KioskHardware", "SwipeCore",
                 "Canvas", "KioskFiles", "KioskSpeech", "Foundation", "Logging", "ArgumentParser"},
    "KioskFeed": {"KioskStore", "KioskConfig", "KioskHardware", "SwipeCore", "KioskFiles", "CMosquitto", "Foundation", "Logging"},
    "swipe-kiosk": {"KioskApp", "KioskFeed", "Logging", "ArgumentParser"},
    "TestSupport": {"Glibc", "Foundation"},
    "GoldenImages": {"Canvas", "Foundation"},
    "SwipeCoreTests": ANY,
    "CanvasTests": ANY,
    "KioskHardwareTests": ANY,
    "KioskSpeechTests": ANY,
    "KioskUITests": ANY,
    "KioskReplayTests": ANY,
    "KioskStoreTests": ANY,
    "KioskConfigTests": ANY,
    "KioskAppTests": ANY,
    "KioskFeedTests": ANY,
}

# An import declaration: at the start of a line or after a `;`, with attributes and an access
# level before `import`, and its parts on as many lines as the compiler accepts. Matched on the
# text with comments and string literals blanked out (code_only), so neither hides one.
IMPORT = re.compile(
    r"(?:^|;)[ \t]*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|fileprivate|private)\s+)?import\s+"
    r"(?:(?:typealias|struct|class|enum|protocol|let|var|func)\s+)?([A-Za-z_]\w*)", re.M)
RAW_OR_PLAIN_STRING = re.compile(r'(#*)("""|")')
TARGET_CALL = re.compile(r"\.(target|executableTarget|testTarget|systemLibrary)\s*\(")


def strip_comments(text):
    """Package.swift without `//` comments (quotes respected, so URLs survive)."""
    lines = []
    for line in text.splitlines():
        in_string, cut = False, len(line)
        for i, ch in enumerate(line):
            if ch == '"' and (i == 0 or line[i - 1] != "\\"):
                in_string = not in_string
            elif not in_string and line.startswith("//", i):
                cut = i
                break
        lines.append(line[:cut])
    return "\n".join(lines)


def balanced(text, start, open_ch, close_ch):
    """The text between text[start] == open_ch and its matching close_ch."""
    depth, in_string = 0, False
    for i in range(start, len(text)):
        ch = text[i]
        if ch == '"' and text[i - 1] != "\\":
            in_string = not in_string
        elif not in_string and ch == open_ch:
            depth += 1
        elif not in_string and ch == close_ch:
            depth -= 1
            if depth == 0:
                return text[start + 1:i]
    raise ValueError(f"unbalanced {open_ch}{close_ch} in Package.swift")


def read_package(root):
    """{target: (kind, directory, declared module names)} from Package.swift."""
    text = strip_comments((root / "Package.swift").read_text())
    targets = {}
    for match in TARGET_CALL.finditer(text):
        kind = match.group(1)
        body = balanced(text, match.end() - 1, "(", ")")
        name = re.search(r'name:\s*"([^"]+)"', body).group(1)
        path = re.search(r'path:\s*"([^"]+)"', body)
        directory = root / (path.group(1) if path else ("Tests/" if kind == "testTarget" else "Sources/") + name)
        declared = set()
        deps = re.search(r"dependencies:\s*\[", body)
        if deps:
            block = balanced(body, deps.end() - 1, "[", "]")
            block = re.sub(r'package:\s*"[^"]*"', "", block)
            declared = {module_name(dep) for dep in re.findall(r'"([^"]+)"', block)}
        targets[name] = (kind, directory, declared)
    return targets


def module_name(target):
    return target.replace("-", "_")


def code_only(text):
    """`text` with comments (`//`, nested `/* */`) and string literals (plain, multi-line, raw)
    replaced by spaces, newlines kept, so line numbers stay and only code is left to match."""
    out, i, n = [], 0, len(text)

    def blank(start, end):
        out.append("".join(ch if ch == "\n" else " " for ch in text[start:end]))

    while i < n:
        if text.startswith("//", i):
            end = text.find("\n", i)
            end = n if end < 0 else end
        elif text.startswith("/*", i):
            depth, end = 1, i + 2
            while end < n and depth:
                if text.startswith("/*", end):
                    depth, end = depth + 1, end + 2
                elif text.startswith("*/", end):
                    depth, end = depth - 1, end + 2
                else:
                    end += 1
        elif (opening := RAW_OR_PLAIN_STRING.match(text, i)) and (text[i] == '"' or opening.group(1)):
            hashes, quote = opening.group(1), opening.group(2)
            close, end = quote + hashes, opening.end()
            while end < n and not text.startswith(close, end):
                if quote == '"' and text[end] == "\n":
                    break
                end += 2 if text[end] == "\\" and not hashes else 1
            end = min(n, end + len(close))
        else:
            out.append(text[i])
            i += 1
            continue
        blank(i, end)
        i = end
    return "".join(out)


def imports_of(directory):
    """[(file relative to directory, line number, module)] for every Swift file under directory."""
    found = []
    for path in sorted(directory.rglob("*.swift")):
        code = code_only(path.read_text(errors="replace"))
        for match in IMPORT.finditer(code):
            number = code.count("\n", 0, match.start(1)) + 1
            found.append((path.relative_to(directory).as_posix(), number, match.group(1)))
    return found


def check(root):
    """The list of problems (empty when the layers hold)."""
    targets = read_package(root)
    package_modules = {module_name(name) for name in targets}
    package_modules |= {m for _, _, declared in targets.values() for m in declared}
    problems = []
    for name, (kind, directory, declared) in sorted(targets.items()):
        if kind == "systemLibrary" or not any(directory.rglob("*.swift")):
            continue
        if name not in ALLOWED:
            problems.append(f"Package.swift: target {name} is not in {Path(__file__).name}'s ALLOWED table: "
                            "add its row (what the design lets it import)")
            continue
        allowed = ALLOWED[name]
        for file, line, module in imports_of(directory):
            where = f"{directory.relative_to(root).as_posix()}/{file}:{line}"
            if module == module_name(name):
                continue
            if module in TOOLCHAIN:
                if allowed is not ANY and module not in allowed:
                    problems.append(f"{where}: {name} may not import {module} (docs/ARCHITECTURE.md, Layers)")
            elif module not in package_modules:
                problems.append(f"{where}: {module} is not a module of this package or the toolchain")
            elif module not in declared:
                problems.append(f"{where}: {name} imports {module}, which Package.swift does not declare as its dependency")
            elif allowed is not ANY and module not in allowed:
                problems.append(f"{where}: {name} may not import {module} (docs/ARCHITECTURE.md, Layers)")
    return problems


def graph(root):
    """Lines 'target: module(files) …' of the real import graph, most-imported first."""
    lines = []
    for name, (kind, directory, _) in sorted(read_package(root).items()):
        if kind == "systemLibrary":
            continue
        files = defaultdict(set)
        for file, _, module in imports_of(directory):
            files[module].add(file)
        if files:
            counted = sorted(files.items(), key=lambda item: (-len(item[1]), item[0]))
            lines.append(f"{name}: " + " ".join(f"{m}({len(f)})" for m, f in counted))
    return lines


def main():
    parser = argparse.ArgumentParser(description="Check the layers of SwipeKiosk's targets.")
    parser.add_argument("--root", type=Path, default=Path(__file__).resolve().parents[2],
                        help="the package's directory (default: this repository)")
    parser.add_argument("--graph", action="store_true", help="print the import graph and exit")
    args = parser.parse_args()
    if not (args.root / "Package.swift").is_file():
        print(f"check-layers: no Package.swift in {args.root}", file=sys.stderr)
        return 64
    if args.graph:
        print("\n".join(graph(args.root)))
        return 0
    problems = check(args.root)
    for problem in problems:
        print(problem, file=sys.stderr)
    if problems:
        print(f"check-layers: {len(problems)} problem(s)", file=sys.stderr)
        return 1
    print("check-layers: ok")
    return 0


if __name__ == "__main__":
    sys.exit(main())
