"""models/bn_exact_var.py: BatchNorm with whole-batch statistics over a gathered batch.

The batch is gathered over the batch axis (reduced) and the statistics are taken from it; the
normalised output keeps the gathered batch's layout.
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


class GatherBN(Module):
    def __init__(self, features, axis_name, eps=1e-5):
        self.axis_name, self.eps = axis_name, eps
        self.var = BatchStat(jnp.ones((features,)))

    def gathered(self, x):
        return jax.lax.all_gather(x, self.axis_name, axis=0, tiled=True, to="reduced")

    def __call__(self, x):
        whole = self.gathered(x)
        n = whole.shape[0]
        mu = jnp.sum(whole, axis=0) / n
        centred = whole - mu
        var = jnp.sum(centred * centred, axis=0) / n
        self.var.value = var
        return centred * jax.lax.rsqrt(var + self.eps)


BN_AXIS = "batch"


def inputs():
    rng = np.random.default_rng(5)
    return (rng.normal(0.5, 1.5, size=(8, 4)).astype(np.float32),)


def main(x):
    mesh = jax.make_mesh((4, 2), (BN_AXIS, "feat"))
    with jax.set_mesh(mesh):
        bn = GatherBN(4, BN_AXIS)
        graphdef, state = split(bn)
        specs = state.specs()
        fn = jax.shard_map(lambda st, a: merge(graphdef, st)(a), mesh=mesh,
                           in_specs=(specs, P(BN_AXIS)), out_specs=P(reduced={BN_AXIS}))
        y = jax.jit(fn)(state, jax.device_put(x, NamedSharding(mesh, P(BN_AXIS))))
        ref = (x - x.mean(0)) / np.sqrt(x.var(0) + 1e-5)
        np.testing.assert_allclose(np.asarray(y), ref, rtol=1e-4, atol=1e-4)
        print("bn", y.shape)
        return y


if __name__ == "__main__":
    main(*inputs())
