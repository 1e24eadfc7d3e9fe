"""models/sync_bn.py: cross-replica BatchNorm on nnx_lite, features split over the `feat` axis.

Like flax's BatchNorm(axis_name=...), the batch statistics are averaged over `axis_name`; the
running averages are BatchStats updated in place. A stats logger keeps a whole-batch copy of the
running mean for the TensorBoard histograms.
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


class SyncBatchNorm(Module):
    def __init__(self, features, *, axis_name, feature_axis, momentum=0.9, eps=1e-5):
        self.axis_name, self.momentum, self.eps = axis_name, momentum, eps
        self.scale = Param(jnp.ones((features,)), sharding=(feature_axis,))
        self.bias = Param(jnp.zeros((features,)), sharding=(feature_axis,))
        self.mean = BatchStat(jnp.zeros((features,)), sharding=(feature_axis,))
        self.var = BatchStat(jnp.ones((features,)), sharding=(feature_axis,))

    def __call__(self, x, train=True):
        if train:
            mu = jax.lax.pmean(x.mean(0), self.axis_name)
            var = jax.lax.pmean((x * x).mean(0), self.axis_name) - mu * mu
            self.mean.value = self.momentum * self.mean.value + (1 - self.momentum) * mu
            self.var.value = self.momentum * self.var.value + (1 - self.momentum) * var
        else:
            mu, var = self.mean.value, self.var.value
        return (x - mu) * jax.lax.rsqrt(var + self.eps) * self.scale.value + self.bias.value


class StatsLogger:
    def __init__(self):
        self.records = []

    def log(self, bn):
        self.records.append(jax.lax.all_gather(bn.mean.value, bn.axis_name, tiled=True,
                                               to="reduced"))
        return self.records[-1]


def train_forward(graphdef, specs, logger, mesh):
    def body(st, x):
        bn = merge(graphdef, st)
        y = bn(x, train=True)
        return y, split(bn, BatchStat)[1], logger.log(bn)

    return jax.jit(jax.shard_map(body, mesh=mesh, in_specs=(specs, P("batch", "feat")),
                                 out_specs=(P("batch", "feat"), specs.filter(BatchStat),
                                            P("feat", reduced={"batch"}))))


def inputs():
    rng = np.random.default_rng(1)
    return (rng.normal(2.0, 3.0, size=(16, 8)).astype(np.float32),)


def main(x):
    mesh = jax.make_mesh((4, 2), ("batch", "feat"))
    with jax.set_mesh(mesh):
        bn = SyncBatchNorm(8, axis_name="batch", feature_axis="feat")
        graphdef, state = split(bn)
        specs = state.specs()
        state = jax.tree.map(lambda v, s: jax.device_put(v, NamedSharding(mesh, s)), state, specs,
                             is_leaf=lambda a: isinstance(a, P))
        xs = jax.device_put(x, NamedSharding(mesh, P("batch", "feat")))
        y, stats, logged = train_forward(graphdef, specs, StatsLogger(), mesh)(state, xs)
        update(bn, stats)
        np.testing.assert_allclose(np.asarray(bn.mean.value), 0.1 * x.mean(0), rtol=1e-4)
        print("bn out std", float(np.asarray(y).std()))
        return y


if __name__ == "__main__":
    main(*inputs())
