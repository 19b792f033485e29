"""``hearts-referee compile-core`` and ``hearts-referee --version``: the build of the rules core.

``make serve`` and ``make test`` run ``compile-core --if-compiler`` when the core's
sources changed; :mod:`hearts_referee.compiled` says where the build goes and when it
is used.
"""

from __future__ import annotations

from importlib import metadata
from pathlib import Path

import click

from hearts_referee import compiled


def version_line() -> str:
    """``hearts-referee 0.1.0, rules core compiled (mypyc 2.4.1, ...)``: what runs, and why."""
    try:
        version = metadata.version("hearts-referee")
    except metadata.PackageNotFoundError:
        version = "0+unknown"
    return f"hearts-referee {version}, rules core {compiled.BUILD.describe()}"


def print_version(ctx: click.Context, _param: click.Parameter, value: bool) -> None:
    if value and not ctx.resilient_parsing:
        click.echo(version_line())
        ctx.exit()


version_option = click.Option(
    ["--version"],
    is_flag=True,
    expose_value=False,
    is_eager=True,
    callback=print_version,
    help="Show the version and which build of the rules core runs (compiled or pure).",
)


@click.command("compile-core")
@click.option(
    "--dir",
    "directory",
    type=click.Path(file_okay=False, path_type=Path),
    default=None,
    help="The build folder (default: inside this Python environment).",
)
@click.option("--if-compiler", is_flag=True, help="Without a C compiler, say so and keep the pure build.")
def compile_core(directory: Path | None, if_compiler: bool) -> None:
    """Compile the rules core with mypyc (a C compiler and mypy needed; 1-5 minutes)."""
    folder = directory or compiled.default_directory()
    if if_compiler and not compiled.has_compiler():
        click.echo("No C compiler on PATH: the pure build of the rules core runs.")
        return
    click.echo(f"Compiling the rules core with mypyc into {folder} ...")
    compiled.build(folder)
    click.echo(f"rules core {compiled.choose('compiled', folder).describe()}")
