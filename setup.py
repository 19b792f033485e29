"""What ``pip install .`` adds to pyproject.toml's metadata: the compiled rules core.

A wheel built on a machine with a C compiler carries the core compiled with mypyc, so an
install gets the compiled build by default, as ``make serve`` does. The build is the one
``hearts-referee compile-core`` makes (``hearts_referee/compiled.py``: a folder with a
manifest of the hashes of the sources it was compiled from), made from the very files the
wheel installs and installed where ``compile-core`` puts it: ``<prefix>/hearts-referee-
compiled/<python>``, outside the package. Without a compiler, with
``HEARTS_REFEREE_CORE=pure``, or when the compile fails, the wheel is the pure build,
and ``hearts-referee --version`` says which one runs. An editable install never compiles:
its sources change under it (``make`` compiles into the venv whenever they do).
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

from setuptools import Distribution, setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent


def load_compiled() -> ModuleType:
    """``hearts_referee.compiled`` by its path: importing the package would import Flask,
    which a wheel's build environment does not have (the module needs the standard library)."""
    spec = importlib.util.spec_from_file_location(
        "_hearts_referee_compiled", HERE / "hearts_referee" / "compiled.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while the class is made
    spec.loader.exec_module(module)
    return module


compiled = load_compiled()
TARGET = compiled.in_prefix()
"""Where the build installs inside the environment: where ``compile-core`` puts it."""


class BuildPyAndCore(build_py):
    """The package's files, then the core compiled from those very files (not an editable install)."""

    def run(self) -> None:
        super().run()
        if self.editable_mode:
            return
        why_not = compiled.wheel_plan()
        if why_not is not None:
            self.announce(f"hearts-referee: the pure build of the rules core ({why_not})", level=3)
            return
        folder = Path(self.build_lib).parent / TARGET
        try:
            compiled.build(folder, root=Path(self.build_lib) / "hearts_referee")
        except Exception as error:  # the pure build always works: install it, and say why
            print(
                f"hearts-referee: the rules core did not compile ({error}); the pure build is installed",
                file=sys.stderr,
            )
            return
        self.distribution.data_files.extend(compiled.wheel_data(folder, TARGET))


class CoreDistribution(Distribution):
    """A wheel with a compiled core is for this Python and this platform only: it says it
    has extension modules, so the wheel is tagged so and installs into the platform's folder."""

    def has_ext_modules(self) -> bool:
        return compiled.wheel_plan() is None


setup(distclass=CoreDistribution, cmdclass={"build_py": BuildPyAndCore}, data_files=[])
