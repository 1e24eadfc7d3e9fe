"""train/eval_tp.py: evaluation loop of a 2-D (data x model) parallel regressor on nnx_lite.

The eval metrics live in a small Module that remembers the mesh axes it averages over.
"""
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


class Axes:
    data = "data"
    model = "model"
    all = ("data", "model")


class TPRegressor(Module):
    def __init__(self, d_in, hidden, rngs):
        self.w1 = Param(jax.random.normal(rngs.params(), (d_in, hidden)) * 0.3, sharding=(None, Axes.model))
        self.w2 = Param(jax.random.normal(rngs.params(), (hidden, 1)) * 0.3, sharding=(Axes.model, None))

    def __call__(self, x):
        h = jax.nn.relu(x @ self.w1.value)
        return jax.lax.psum(h @ self.w2.value, Axes.model)


class EvalMetrics(Module):
    """Mean squared error and mean absolute error, averaged over `axes`."""

    def __init__(self, axes):
        self.axes = axes
        self.count = BatchStat(jnp.zeros(()))

    def __call__(self, pred, target):
        err = pred[:, 0] - target
        mse = jnp.mean(err ** 2)
        mae = jnp.mean(jnp.abs(err))
        return {"mse": jax.lax.pmean(mse, self.axes), "mae": jax.lax.pmean(mae, self.axes)}


def make_eval_step(graphdef, specs, metrics, mesh):
    def body(st, x, t):
        model = merge(graphdef, st)
        return metrics(model(x), t)

    return jax.jit(jax.shard_map(body, mesh=mesh,
                                 in_specs=(specs, P(Axes.data, None), P(Axes.data)),
                                 out_specs={"mse": P(), "mae": P()}))


def inputs():
    rng = np.random.default_rng(4)
    x = rng.normal(size=(16, 6)).astype(np.float32)
    t = (x[:, 0] - 0.5 * x[:, 3]).astype(np.float32)
    return x, t


def main(x, t):
    mesh = jax.make_mesh((2, 4), Axes.all)
    with jax.set_mesh(mesh):
        model = TPRegressor(6, 8, Rngs(params=2))
        graphdef, state = split(model, Param)
        specs = state.specs()
        state = jax.tree.map(lambda v, s: jax.device_put(v, NamedSharding(mesh, s)), state, specs,
                             is_leaf=lambda a: isinstance(a, P))
        metrics = EvalMetrics(Axes.data)
        step = make_eval_step(graphdef, specs, metrics, mesh)
        totals = []
        for i in range(2):
            xs = jax.device_put(x[i * 8:(i + 1) * 8], NamedSharding(mesh, P(Axes.data, None)))
            ts = jax.device_put(t[i * 8:(i + 1) * 8], NamedSharding(mesh, P(Axes.data)))
            totals.append(step(state, xs, ts))
        mse = np.mean([float(m["mse"]) for m in totals])
        print("eval mse", mse)
        assert np.isfinite(mse)
        return totals[-1]["mse"]


if __name__ == "__main__":
    main(*inputs())
