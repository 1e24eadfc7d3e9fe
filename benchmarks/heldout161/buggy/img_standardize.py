"""vision/preprocess/standardize.py: per-image standardisation after reassembling row bands."""
import os
import sys

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

# ---- cli_lite: a small click-like command framework (vendored; keep in sync) ---------------
class UsageError(Exception):
    pass


class Choice:
    def __init__(self, choices):
        self.choices = tuple(choices)

    def __call__(self, raw):
        if raw not in self.choices:
            raise UsageError(f"{raw!r} is not one of {', '.join(self.choices)}")
        return raw


class IntRange:
    def __init__(self, lo=None, hi=None):
        self.lo, self.hi = lo, hi

    def __call__(self, raw):
        value = int(raw)
        if (self.lo is not None and value < self.lo) or (self.hi is not None and value > self.hi):
            raise UsageError(f"{value} is not in [{self.lo}, {self.hi}]")
        return value


class MeshShape:
    """Parses "2x4" (or "8") into a tuple of ints."""

    def __call__(self, raw):
        if isinstance(raw, tuple):
            return raw
        return tuple(int(part) for part in str(raw).lower().split("x"))


def axis_list(raw):
    if isinstance(raw, tuple):
        return raw
    return tuple(a.strip() for a in str(raw).split(",") if a.strip())


class Param:
    def __init__(self, decls, default=None, type=str, is_flag=False, envvar=None,
                 callback=None, required=False):
        self.decls = decls
        self.name = decls[-1].lstrip("-").replace("-", "_")
        self.default, self.type, self.is_flag = default, type, is_flag
        self.envvar, self.callback, self.required = envvar, callback, required

    def resolve(self, ctx, raw):
        if raw is None and self.envvar and self.envvar in os.environ:
            raw = os.environ[self.envvar]
        if raw is None:
            if self.required:
                raise UsageError(f"missing {self.decls[0]}")
            raw = self.default
        value = raw if raw is None or self.is_flag else self.type(raw)
        if self.callback is not None:
            value = self.callback(ctx, self, value)
        return value


class Argument(Param):
    pass


def _attach(param):
    def deco(fn):
        fn.__dict__.setdefault("__params__", []).insert(0, param)
        return fn
    return deco


def option(*decls, **kw):
    return _attach(Param(decls, **kw))


def argument(name, **kw):
    return _attach(Argument((name,), required=True, **kw))


class Context:
    def __init__(self, command, parent=None, obj=None):
        self.command, self.parent = command, parent
        self.obj = obj if obj is not None else (parent.obj if parent else {})
        self.params = {}

    def invoke(self, other, **overrides):
        sub = Context(other, parent=self)
        sub.params = {p.name: p.resolve(sub, None) for p in other.params}
        sub.params.update(overrides)
        return other.run(sub)


def pass_context(fn):
    fn.__pass_ctx__ = True
    return fn


class Command:
    def __init__(self, fn, name=None):
        self.fn, self.name = fn, name or fn.__name__.replace("_", "-")
        self.params = list(getattr(fn, "__params__", []))

    def parse(self, ctx, argv):
        raw, positional, it = {}, [], iter(argv)
        by_decl = {d: p for p in self.params for d in p.decls if d.startswith("-")}
        for tok in it:
            if tok.startswith("--") and "=" in tok:
                tok, val = tok.split("=", 1)
                raw[by_decl[tok].name] = val
            elif tok in by_decl:
                p = by_decl[tok]
                raw[p.name] = True if p.is_flag else next(it)
            elif tok.startswith("-"):
                raise UsageError(f"no such option: {tok}")
            else:
                positional.append(tok)
        for p, val in zip([p for p in self.params if isinstance(p, Argument)], positional):
            raw[p.name] = val
        ctx.params = {p.name: p.resolve(ctx, raw.get(p.name)) for p in self.params}

    def run(self, ctx):
        if getattr(self.fn, "__pass_ctx__", False):
            return self.fn(ctx, **ctx.params)
        return self.fn(**ctx.params)

    def main(self, argv, parent=None):
        ctx = Context(self, parent=parent)
        self.parse(ctx, argv)
        return self.run(ctx)


class Group(Command):
    def __init__(self, fn, name=None):
        super().__init__(fn, name)
        self.commands = {}

    def command(self, name=None):
        def deco(fn):
            cmd = Command(fn, name)
            self.commands[cmd.name] = cmd
            return cmd
        return deco

    def __call__(self, argv, standalone_mode=True, obj=None):
        i = next((k for k, a in enumerate(argv) if a in self.commands), len(argv))
        ctx = Context(self, obj=obj)
        self.parse(ctx, argv[:i])
        self.run(ctx)
        if i == len(argv):
            raise UsageError("missing command")
        try:
            return self.commands[argv[i]].main(argv[i + 1:], parent=ctx)
        except UsageError as exc:
            if standalone_mode:
                print(f"Usage error: {exc}", file=sys.stderr)
                sys.exit(2)
            raise


def group(name=None):
    return lambda fn: Group(fn, name)


def echo(ctx, *parts):
    if ctx.obj.get("verbose"):
        print(*parts)
# ---- end cli_lite ---------------------------------------------------------------------------

N, H, W = 8, 16, 8


@group()
@option("--verbose", is_flag=True, default=False)
@option("--mesh", default="4x2", type=MeshShape())
@option("--axes", default="batch,rows", type=axis_list)
@pass_context
def cli(ctx, verbose, mesh, axes):
    ctx.obj.update(verbose=verbose, mesh=jax.make_mesh(mesh, axes), axes=axes)


class Standardizer:
    def __init__(self, rows_axis, eps):
        self.rows_axis, self.eps = rows_axis, eps

    def assemble(self, band):
        return jax.lax.all_gather(band, self.rows_axis, axis=1, tiled=True, to="reduced")

    def __call__(self, band):
        img = self.assemble(band)
        mean = jnp.mean(img, axis=(1, 2), keepdims=True)
        std = jnp.std(img, axis=(1, 2), keepdims=True)
        return (img - mean) / (std + self.eps)


@cli.command()
@option("--eps", default="1e-6", type=float)
@pass_context
def run(ctx, eps):
    m, axes = ctx.obj["mesh"], ctx.obj["axes"]
    batch, rows = axes
    rng = np.random.default_rng(35)
    img = jax.device_put(rng.random(size=(N, H, W)).astype(np.float32), NamedSharding(m, P(batch, rows, None)))
    fn = jax.jit(jax.shard_map(Standardizer(rows, eps), mesh=m, in_specs=P(batch, rows, None),
                               out_specs=P(batch, None, None, reduced={rows})))
    out = fn(img)
    echo(ctx, "standardised", out.shape)
    return out


def inputs():
    return ["--verbose", "run"]


def main(*argv):
    return cli(list(argv), standalone_mode=False)


if __name__ == "__main__":
    main(*inputs())
