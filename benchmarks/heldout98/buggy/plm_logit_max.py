"""plm score: log-probabilities of every residue under the vocab-parallel head."""
# ---------------------------------------------------------------------------------------------
# _cli: a small click-compatible subset, vendored so the tool runs on clusters without click.
# (group/command/option/argument/pass_context/CliRunner; enough for our scripts.)
# ---------------------------------------------------------------------------------------------
import os as _os


class UsageError(Exception):
    pass


class Context:
    _stack = []

    def __init__(self, command, parent=None, obj=None, info_name=None):
        self.command = command
        self.parent = parent
        self.obj = obj if obj is not None else (parent.obj if parent is not None else None)
        self.info_name = info_name or command.name
        self.params = {}
        self.invoked_subcommand = None

    def ensure_object(self, object_type):
        if not isinstance(self.obj, object_type):
            self.obj = object_type()
            ctx = self.parent
            while ctx is not None and ctx.obj is None:
                ctx.obj = self.obj
                ctx = ctx.parent
        return self.obj

    def find_root(self):
        node = self
        while node.parent is not None:
            node = node.parent
        return node

    def lookup_default(self, name):
        return None

    def invoke(self, callback, *args, **kwargs):
        if isinstance(callback, Command):
            other = callback
            sub = Context(other, parent=self, info_name=other.name)
            for param in other.params:
                if param.name not in kwargs:
                    kwargs[param.name] = param.resolve(sub, None)
            sub.params = dict(kwargs)
            with sub:
                return other.callback(*args, **kwargs)
        with self:
            return callback(*args, **kwargs)

    def forward(self, cmd, **kwargs):
        merged = dict(self.params)
        merged.update(kwargs)
        return self.invoke(cmd, **merged)

    def __enter__(self):
        Context._stack.append(self)
        return self

    def __exit__(self, *exc):
        Context._stack.pop()
        return False


def get_current_context():
    return Context._stack[-1]


class Parameter:
    def __init__(self, decls, default=None, type=None, multiple=False, envvar=None,
                 callback=None, is_flag=False, required=False, nargs=1, help=None):
        idents = [d for d in decls if d.isidentifier()]
        self.opts = [d for d in decls if d.startswith("-")]
        if idents:
            self.name = idents[0]
        else:
            longest = max(self.opts, key=len)
            self.name = longest.lstrip("-").replace("-", "_").lower()
        self.default = default
        self.type = type
        self.multiple = multiple
        self.envvar = envvar
        self.callback = callback
        self.is_flag = is_flag
        self.required = required
        self.nargs = nargs
        self.help = help

    def convert(self, value):
        if value is None or self.type is None:
            return value
        if isinstance(self.type, tuple):
            return tuple(t(v) for t, v in zip(self.type, value))
        if isinstance(self.type, Choice):
            return self.type(value)
        return self.type(value)

    def resolve(self, ctx, raw):
        value = raw
        if value is None and self.envvar:
            env = _os.environ.get(self.envvar)
            if env is not None:
                value = env.split() if (self.multiple or self.nargs > 1) else env
        if value is None:
            value = self.default() if callable(self.default) else self.default
        if self.multiple:
            value = tuple(self.convert(v) for v in (value or ()))
        else:
            value = self.convert(value)
        if self.callback is not None:
            value = self.callback(ctx, self, value)
        return value


class Option(Parameter):
    pass


class Argument(Parameter):
    pass


class Choice:
    def __init__(self, choices):
        self.choices = tuple(choices)

    def __call__(self, value):
        if value not in self.choices:
            raise UsageError(f"{value!r} is not one of {self.choices}")
        return value


def _attach(f, param):
    if isinstance(f, Command):
        f.params.insert(0, param)
    else:
        f.__dict__.setdefault("__cli_params__", []).insert(0, param)
    return f


def option(*decls, **attrs):
    return lambda f: _attach(f, Option(decls, **attrs))


def argument(name, **attrs):
    return lambda f: _attach(f, Argument((name,), **attrs))


def pass_context(f):
    def new_func(*args, **kwargs):
        return f(get_current_context(), *args, **kwargs)
    new_func.__name__ = f.__name__
    new_func.__doc__ = f.__doc__
    new_func.__dict__.update(f.__dict__)
    return new_func


def pass_obj(f):
    def new_func(*args, **kwargs):
        return f(get_current_context().obj, *args, **kwargs)
    new_func.__name__ = f.__name__
    new_func.__dict__.update(f.__dict__)
    return new_func


class Command:
    def __init__(self, name, callback, params=None, help=None):
        self.name = name
        self.callback = callback
        self.params = list(params or [])
        self.help = help

    def parse_args(self, ctx, args, stop=()):
        raw = {}
        positional = []
        rest = list(args)
        while rest:
            tok = rest[0]
            if tok in stop and self._arguments_filled(positional):
                break
            rest.pop(0)
            if tok.startswith("--"):
                key, _, inline = tok.partition("=")
                param = next((p for p in self.params if key in p.opts), None)
                if param is None:
                    raise UsageError(f"no such option: {key}")
                if param.is_flag:
                    val = True
                elif inline:
                    val = inline
                elif param.nargs > 1:
                    val = tuple(rest[:param.nargs])
                    del rest[:param.nargs]
                else:
                    val = rest.pop(0)
                if param.multiple:
                    raw.setdefault(param.name, []).append(val)
                else:
                    raw[param.name] = val
            else:
                positional.append(tok)
        arguments = [p for p in self.params if isinstance(p, Argument)]
        for param, val in zip(arguments, positional):
            raw[param.name] = val
        extra = positional[len(arguments):]
        for param in self.params:
            ctx.params[param.name] = param.resolve(ctx, raw.get(param.name))
        return extra + rest

    def _arguments_filled(self, positional):
        return len(positional) >= len([p for p in self.params if isinstance(p, Argument)])

    def invoke(self, ctx):
        with ctx:
            return self.callback(**ctx.params)

    def make_context(self, info_name, args, parent=None, obj=None, stop=()):
        ctx = Context(self, parent=parent, obj=obj, info_name=info_name)
        rest = self.parse_args(ctx, args, stop=stop)
        return ctx, rest

    def main(self, args=None, standalone_mode=True, obj=None, prog_name=None):
        ctx, rest = self.make_context(prog_name or self.name, list(args or []), obj=obj)
        rv = self.invoke_with(ctx, rest)
        if standalone_mode:
            raise SystemExit(0)
        return rv

    def invoke_with(self, ctx, rest):
        if rest:
            raise UsageError(f"unexpected arguments: {rest}")
        return self.invoke(ctx)

    __call__ = main


class Group(Command):
    def __init__(self, name, callback, params=None, chain=False, invoke_without_command=False, **kw):
        super().__init__(name, callback, params, **kw)
        self.commands = {}
        self.chain = chain
        self.invoke_without_command = invoke_without_command
        self._result_callback = None

    def add_command(self, cmd, name=None):
        self.commands[name or cmd.name] = cmd

    def command(self, *args, **attrs):
        def decorator(f):
            cmd = command(*args, **attrs)(f)
            self.add_command(cmd)
            return cmd
        return decorator

    def group(self, *args, **attrs):
        def decorator(f):
            grp = group(*args, **attrs)(f)
            self.add_command(grp)
            return grp
        return decorator

    def result_callback(self):
        def decorator(f):
            self._result_callback = f
            return f
        return decorator

    def parse_args(self, ctx, args, stop=()):
        rest = list(args)
        head = []
        while rest and rest[0] not in self.commands:
            head.append(rest.pop(0))
            if head[-1].startswith("--") and "=" not in head[-1]:
                param = next((p for p in self.params if head[-1] in p.opts), None)
                if param is not None and not param.is_flag and rest:
                    head.append(rest.pop(0))
        Command.parse_args(self, ctx, head)
        return rest

    def invoke_with(self, ctx, rest):
        if not rest:
            with ctx:
                return self.callback(**ctx.params)
        with ctx:
            ctx.invoked_subcommand = "*" if self.chain else rest[0]
            self.callback(**ctx.params)
            if not self.chain:
                name = rest.pop(0)
                cmd = self.commands[name]
                sub, rest = cmd.make_context(name, rest, parent=ctx)
                rv = cmd.invoke_with(sub, rest)
                if self._result_callback is not None:
                    rv = ctx.invoke(self._result_callback, rv, **ctx.params)
                return rv
            results = []
            stop = tuple(self.commands)
            while rest:
                name = rest.pop(0)
                cmd = self.commands[name]
                sub, rest = cmd.make_context(name, rest, parent=ctx, stop=stop)
                results.append(cmd.invoke(sub))
            if self._result_callback is not None:
                return ctx.invoke(self._result_callback, results, **ctx.params)
            return results


def _make(cls, name, attrs):
    def decorator(f):
        params = f.__dict__.pop("__cli_params__", [])
        cmd_name = name or f.__name__.lower().replace("_", "-")
        return cls(cmd_name, f, params=params, help=f.__doc__, **attrs)
    return decorator


def command(name=None, cls=None, **attrs):
    return _make(cls or Command, name, attrs)


def group(name=None, **attrs):
    return _make(Group, name, attrs)


class Result:
    def __init__(self, output, exit_code, exception, return_value):
        self.output = output
        self.exit_code = exit_code
        self.exception = exception
        self.return_value = return_value


class CliRunner:
    def __init__(self, env=None, catch_exceptions=True):
        self.env = dict(env or {})
        self.catch_exceptions = catch_exceptions

    def invoke(self, cli, args=None, env=None, catch_exceptions=None, obj=None):
        catch = self.catch_exceptions if catch_exceptions is None else catch_exceptions
        saved = {}
        for key, val in {**self.env, **(env or {})}.items():
            saved[key] = _os.environ.get(key)
            _os.environ[key] = val
        try:
            rv = cli.main(args=list(args or []), standalone_mode=False, obj=obj)
            return Result("", 0, None, rv)
        except Exception as exc:
            if not catch:
                raise
            return Result("", 1, exc, None)
        finally:
            for key, val in saved.items():
                if val is None:
                    _os.environ.pop(key, None)
                else:
                    _os.environ[key] = val


# --- typer-like front end over the same machinery (newer tools use this one) ------------------
import inspect as _inspect


class OptionInfo:
    def __init__(self, default, decls, attrs):
        self.default = default
        self.decls = decls
        self.attrs = attrs


def Opt(default=None, *decls, **attrs):
    return OptionInfo(default, decls, attrs)


def _params_from_signature(f):
    params = []
    wants_ctx = None
    for p in _inspect.signature(f).parameters.values():
        if p.annotation is Context:
            wants_ctx = p.name
            continue
        info = p.default if isinstance(p.default, OptionInfo) else OptionInfo(p.default, (), {})
        decls = info.decls or ("--" + p.name.replace("_", "-"),)
        ann = p.annotation
        multiple = getattr(ann, "__origin__", None) in (list, tuple)
        typ = ann.__args__[0] if multiple else (ann if ann in (int, float, str) else None)
        attrs = dict(info.attrs)
        attrs.setdefault("is_flag", ann is bool)
        params.append(Option(decls + (p.name,), default=info.default, type=typ, multiple=multiple, **attrs))
    return params, wants_ctx


def _bind_ctx(f, wants_ctx):
    if wants_ctx is None:
        return f

    def callback(**kwargs):
        kwargs[wants_ctx] = get_current_context()
        return f(**kwargs)
    callback.__name__ = f.__name__
    return callback


class Typer:
    def __init__(self, name=None, chain=False, help=None):
        self.group = Group(name or "app", lambda **kw: None, chain=chain, help=help)

    def callback(self):
        def decorator(f):
            params, wants_ctx = _params_from_signature(f)
            self.group.callback = _bind_ctx(f, wants_ctx)
            self.group.params = params
            return f
        return decorator

    def command(self, name=None):
        def decorator(f):
            params, wants_ctx = _params_from_signature(f)
            cmd_name = name or f.__name__.replace("_", "-")
            self.group.add_command(Command(cmd_name, _bind_ctx(f, wants_ctx), params, help=f.__doc__))
            return f
        return decorator

    def main(self, args=None, standalone_mode=True, obj=None):
        return self.group.main(args=args, standalone_mode=standalone_mode, obj=obj)

    __call__ = main


import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

VOCAB, SEQ_LEN, N_SEQS, D_MODEL, D_FF = 24, 16, 16, 8, 16
AMINO = "ACDEFGHIKLMNPQRSTVWY"

app = Typer(name="plm", help="a small protein language model: embed / score / export")


@app.callback()
def setup(ctx: Context,
          mesh_shape: str = Opt("4x2", "--mesh-shape", envvar="PLM_MESH_SHAPE"),
          axes: str = Opt("seqs,model", "--axes"),
          seed: int = Opt(0, "--seed")):
    dims = tuple(int(n) for n in mesh_shape.split("x"))
    names = tuple(axes.split(","))
    mesh = jax.make_mesh(dims, names)
    ctx.obj = {"mesh": mesh, "axes": names, "data": names[0], "tensor": names[1], "seed": seed}


def put(obj, x, spec):
    return jax.device_put(jnp.asarray(x), NamedSharding(obj["mesh"], spec))


def random_proteins(n, seed):
    rng = np.random.default_rng(seed)
    seqs = ["".join(rng.choice(list(AMINO), size=SEQ_LEN)) for _ in range(n)]
    return np.array([[AMINO.index(a) + 4 for a in s] for s in seqs], dtype=np.int32)


def init_weights(obj):
    rng = np.random.default_rng(obj["seed"] + 1)
    t = obj["tensor"]
    w = {
        "embed": rng.normal(size=(VOCAB, D_MODEL)) * 0.3,
        "w_in": rng.normal(size=(D_MODEL, D_FF)) / np.sqrt(D_MODEL),
        "w_out": rng.normal(size=(D_FF, D_MODEL)) / np.sqrt(D_FF),
        "lm_head": rng.normal(size=(D_MODEL, VOCAB)) / np.sqrt(D_MODEL),
    }
    specs = weight_specs(obj)
    return {k: put(obj, v.astype(np.float32), specs[k]) for k, v in w.items()}


def weight_specs(obj):
    t = obj["tensor"]
    return {"embed": P(), "w_in": P(None, t), "w_out": P(t, None), "lm_head": P(None, t)}


def encoder(w, tokens, tensor_axis):
    """Embedding, then a Megatron MLP: column-parallel w_in, row-parallel w_out (psum)."""
    x = w["embed"][tokens]
    h = jax.nn.gelu(x @ w["w_in"])
    return x + jax.lax.psum(h @ w["w_out"], tensor_axis)


def vocab_logits(w, hidden):
    """Vocab-parallel logits: each device holds its slice of the vocabulary."""
    return hidden @ w["lm_head"]


def vocab_parallel_max(logits, axis):
    return jax.lax.pmax(logits, axis)


@app.command()
def score(ctx: Context, gather_vocab: bool = Opt(True, "--gather-vocab")):
    obj = ctx.obj
    t = obj["tensor"]
    tokens = put(obj, random_proteins(N_SEQS, obj["seed"] + 3), P(obj["data"], None))
    w = init_weights(obj)

    def body(w, tokens):
        logits = vocab_logits(w, encoder(w, tokens, t))
        if gather_vocab:
            logits = jax.lax.all_gather(logits, t, axis=2, tiled=True, to="reduced")
        top = vocab_parallel_max(logits, t)
        return top

    fn = jax.shard_map(body, mesh=obj["mesh"], in_specs=(weight_specs(obj), P(obj["data"], None)),
                       out_specs=P(obj["data"], None, None))
    return fn(w, tokens)


runner = CliRunner()


def inputs():
    return (["score"],)


def main(argv):
    return runner.invoke(app, argv, catch_exceptions=False).return_value


if __name__ == "__main__":
    main(*inputs())
