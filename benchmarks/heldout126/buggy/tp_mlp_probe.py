"""models/tp_mlp.py: a Megatron-style tensor-parallel MLP block on nnx_lite, with its train step.

Column-parallel up projection, row-parallel down projection; the model axis name lives on the
layer objects and the shard_map specs are read from the Params' sharding metadata.
"""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

# --- nnx_lite: the NNX-style core we vendor (utils/nnx_lite.py, pasted) ---------------------
class Variable:
    """A mutable box around one array; sharding metadata travels with it."""

    def __init__(self, value, sharding=None, **metadata):
        self.value, self.sharding, self.metadata = value, sharding, metadata

    def replace(self, value):
        return type(self)(value, self.sharding, **self.metadata)


class Param(Variable): pass
class BatchStat(Variable): pass
class OptState(Variable): pass


for _cls in (Variable, Param, BatchStat, OptState):
    jax.tree_util.register_pytree_node(
        _cls, lambda v: ((v.value,), (type(v), v.sharding, tuple(sorted(v.metadata.items())))),
        lambda aux, ch: aux[0](ch[0], aux[1], **dict(aux[2])))


class State(dict):
    """Flat mapping 'path/to/attr' -> Variable, a pytree."""

    def filter(self, *types):
        return State({k: v for k, v in self.items() if isinstance(v, types)})

    def specs(self):
        return State({k: v.replace(P(*v.sharding) if v.sharding else P()) for k, v in self.items()})


jax.tree_util.register_pytree_node(
    State, lambda s: (tuple(s[k] for k in sorted(s)), tuple(sorted(s))),
    lambda keys, vals: State(zip(keys, vals)))


class Rngs:
    def __init__(self, default=0, **streams):
        self._keys = {n: jax.random.key(s) for n, s in dict(streams, default=default).items()}
        self._counts = {n: 0 for n in self._keys}

    def __getattr__(self, name):
        name = name if name in self.__dict__["_keys"] else "default"

        def next_key():
            self._counts[name] += 1
            return jax.random.fold_in(self._keys[name], self._counts[name])
        return next_key


class Module:
    def iter_children(self):
        for name, value in vars(self).items():
            if isinstance(value, Module):
                yield name, value
            elif isinstance(value, (list, tuple)):
                yield from ((f"{name}/{i}", m) for i, m in enumerate(value) if isinstance(m, Module))

    def iter_modules(self, prefix=""):
        yield prefix, self
        for name, child in self.iter_children():
            yield from child.iter_modules(f"{prefix}/{name}" if prefix else name)

    def iter_variables(self):
        for path, module in self.iter_modules():
            for name, value in vars(module).items():
                if isinstance(value, Variable):
                    yield (f"{path}/{name}" if path else name), value


class GraphDef:
    def __init__(self, module):
        self.module = module


def _skeleton(module):
    new = object.__new__(type(module))
    for name, value in vars(module).items():
        if isinstance(value, Module):
            value = _skeleton(value)
        elif isinstance(value, Variable):
            value = value.replace(None)
        elif isinstance(value, list) and any(isinstance(v, Module) for v in value):
            value = [_skeleton(v) if isinstance(v, Module) else v for v in value]
        vars(new)[name] = value
    return new


def split(module, *filters):
    state = State(module.iter_variables())
    return GraphDef(_skeleton(module)), (state.filter(*filters) if filters else state)


def update(module, state):
    variables = dict(module.iter_variables())
    for path, var in state.items():
        variables[path].value = var.value


def merge(graphdef, state):
    module = _skeleton(graphdef.module)
    update(module, state)
    return module


def jit(fn):
    """nnx.jit-alike: Module arguments are split before the jitted call and updated after it."""
    def wrapper(*args):
        mods = {i: a for i, a in enumerate(args) if isinstance(a, Module)}
        defs = {i: split(m)[0] for i, m in mods.items()}

        def pure(states, rest):
            full = [merge(defs[i], states[i]) if i in defs else rest[i] for i in range(len(args))]
            out = fn(*full)
            return out, {i: split(full[i])[1] for i in defs}

        rest = [None if i in mods else a for i, a in enumerate(args)]
        out, new_states = jax.jit(pure)({i: split(m)[1] for i, m in mods.items()}, rest)
        for i, m in mods.items():
            update(m, new_states[i])
        return out
    return wrapper


class Optimizer:
    """nnx.Optimizer-alike: holds the model, the transform and its state."""

    def __init__(self, model, tx, wrt=Param):
        self.model, self.tx, self.wrt, self.step = model, tx, wrt, 0
        self.opt_state = tx.init(split(model, wrt)[1])

    def update(self, grads):
        params = split(self.model, self.wrt)[1]
        updates, self.opt_state = self.tx.update(grads, self.opt_state, params)
        update(self.model, jax.tree.map(lambda p, u: p + u, params, updates))
        self.step += 1
# --- end nnx_lite ------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class TPConfig:
    d_model: int = 16
    d_ff: int = 32
    data_axis: str = "data"
    model_axis: str = "model"
    lr: float = 0.05


class ColumnLinear(Module):
    def __init__(self, d_in, d_out, *, axis, rngs):
        self.axis = axis
        w = jax.random.normal(rngs.params(), (d_in, d_out)) / np.sqrt(d_in)
        self.kernel = Param(w, sharding=(None, axis))
        self.bias = Param(jnp.zeros((d_out,)), sharding=(axis,))

    def __call__(self, x):
        return x @ self.kernel.value + self.bias.value


class RowLinear(Module):
    def __init__(self, d_in, d_out, *, axis, rngs):
        self.axis = axis
        w = jax.random.normal(rngs.params(), (d_in, d_out)) / np.sqrt(d_in)
        self.kernel = Param(w, sharding=(axis, None))
        self.bias = Param(jnp.zeros((d_out,)), sharding=None)

    def __call__(self, h):
        partial = h @ self.kernel.value
        return jax.lax.psum(partial, self.axis) + self.bias.value


class ActivationProbe(Module):
    """Keeps the last activation seen, gathered whole, for the dashboards."""

    def __init__(self, axis):
        self.axis = axis

    def __call__(self, y):
        return jax.lax.all_gather(y, self.axis, axis=1, tiled=True, to="reduced")


class MLPBlock(Module):
    def __init__(self, cfg, rngs):
        self.up = ColumnLinear(cfg.d_model, cfg.d_ff, axis=cfg.model_axis, rngs=rngs)
        self.down = RowLinear(cfg.d_ff, cfg.d_model, axis=cfg.model_axis, rngs=rngs)
        self.probe = ActivationProbe(self.down.axis)

    def __call__(self, x):
        y = self.down(jax.nn.gelu(self.up(x)))
        return x + y, self.probe(y)


def place(state, mesh):
    return jax.tree.map(lambda v, s: jax.device_put(v, NamedSharding(mesh, s)),
                        state, state.specs(), is_leaf=lambda x: isinstance(x, P))


def make_forward(graphdef, state, cfg, mesh):
    d = cfg.data_axis

    def body(st, x):
        model = merge(graphdef, st)
        out, seen = model(x)
        return out, seen

    return jax.shard_map(body, mesh=mesh,
                         in_specs=(state.specs(), P(d, None)),
                         out_specs=(P(d, None), P(d, None, reduced={cfg.model_axis})))


def make_train_step(graphdef, state, cfg, mesh):
    d = cfg.data_axis

    def body(st, x, y):
        def loss_fn(s):
            model = merge(graphdef, s)
            out, _ = model(x)
            return jnp.mean((out - y) ** 2)

        loss, grads = jax.value_and_grad(loss_fn)(st)
        grads = jax.tree.map(lambda g: jax.lax.pmean(g, d), grads)
        new = jax.tree.map(lambda p, g: p - cfg.lr * g, st, grads)
        return new, jax.lax.pmean(loss, d)

    specs = state.specs()
    return jax.shard_map(body, mesh=mesh, in_specs=(specs, P(d, None), P(d, None)),
                         out_specs=(specs, P()))


def inputs():
    rng = np.random.default_rng(0)
    x = rng.normal(size=(8, 16)).astype(np.float32)
    y = np.tanh(x[:, ::-1]).astype(np.float32)
    return x, y


def main(x, y):
    cfg = TPConfig()
    mesh = jax.make_mesh((2, 4), (cfg.data_axis, cfg.model_axis))
    with jax.set_mesh(mesh):
        model = MLPBlock(cfg, Rngs(params=0))
        graphdef, state = split(model, Param)
        state = place(state, mesh)
        xs = jax.device_put(x, NamedSharding(mesh, P(cfg.data_axis, None)))
        ys = jax.device_put(y, NamedSharding(mesh, P(cfg.data_axis, None)))
        step = jax.jit(make_train_step(graphdef, state, cfg, mesh))
        losses = []
        for _ in range(5):
            state, loss = step(state, xs, ys)
            losses.append(float(loss))
        assert losses[-1] < losses[0], losses
        update(model, state)
        out, seen = jax.jit(make_forward(graphdef, state, cfg, mesh))(state, xs)
        print("loss", losses[0], "->", losses[-1], "probe", seen.shape)
        return out


if __name__ == "__main__":
    main(*inputs())
