"""The import graph of a package tree, read from the source (nothing is imported), and its cycles.

The engine's layout test and the service's both ask it: which module imports
which, at any depth of the file. Imports under ``if TYPE_CHECKING:`` count
like any other: they never run, but they are the design's arrows all the same
(a module that names a type of the floor above it depends on that floor), and
leaving them out is how a circle hides.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def modules(*packages: str, root: Path = ROOT) -> dict[str, Path]:
    """Every module of ``packages`` (dotted name: file), packages by their ``__init__``."""
    found: dict[str, Path] = {}
    for package in packages:
        for path in sorted((root / package.replace(".", "/")).rglob("*.py")):
            parts = list(path.relative_to(root).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join(parts)] = path
    return found


def _imported(module: str, path: Path, node: ast.AST) -> list[str]:
    """The dotted names one import statement takes: each name as a submodule where it is one (``from pkg
    import sub`` takes ``pkg.sub``), else the module it comes from (resolved in :func:`graph`)."""
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    if not isinstance(node, ast.ImportFrom):
        return []
    if node.level:
        base = module.split(".") if path.name == "__init__.py" else module.split(".")[:-1]
        base = base[:len(base) - (node.level - 1)]
        source = ".".join(base + ([node.module] if node.module else []))
    else:
        source = node.module or ""
    return [f"{source}.{alias.name}" for alias in node.names]


def graph(*packages: str, root: Path = ROOT) -> dict[str, set[str]]:
    """Each module of ``packages`` and the modules of those packages it imports."""
    found = modules(*packages, root=root)
    edges: dict[str, set[str]] = {}
    for module, path in found.items():
        targets: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            for name in _imported(module, path, node):
                while name and name not in found:  # pbem.ops.db.Game is the module pbem.ops.db
                    name = name.rpartition(".")[0]
                if name and name != module:
                    targets.add(name)
        edges[module] = targets
    return edges


def cycle(edges: dict[str, set[str]]) -> list[str]:
    """One import cycle in ``edges`` (its modules in order, the first again at the end), or [] if none."""
    state: dict[str, str] = {}
    path: list[str] = []

    def visit(node: str) -> list[str]:
        state[node] = "open"
        path.append(node)
        for nxt in sorted(edges[node]):
            if state.get(nxt) == "open":
                return path[path.index(nxt):] + [nxt]
            if nxt not in state and (found := visit(nxt)):
                return found
        state[node] = "done"
        path.pop()
        return []

    for node in sorted(edges):
        if node not in state and (found := visit(node)):
            return found
    return []
