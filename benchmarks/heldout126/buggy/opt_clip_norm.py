"""train/clip.py: gradient clipping by global norm as an nnx_lite transform, FSDP x data.

The squared norm is summed over each Param's FSDP shards first; the transform then reduces it
over the axes it was configured with so every device clips by the same factor.
"""
import functools

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


class chain:
    def __init__(self, *txs):
        self.txs = txs

    def init(self, params):
        return tuple(t.init(params) for t in self.txs)

    def update(self, grads, state, params):
        new_state = []
        for t, s in zip(self.txs, state):
            grads, s = t.update(grads, s, params)
            new_state.append(s)
        return grads, tuple(new_state)


class clip_by_global_norm:
    def __init__(self, max_norm, shard_axis, reduce_axes):
        self.max_norm, self.shard_axis, self.reduce_axes = max_norm, shard_axis, reduce_axes

    def init(self, params):
        return ()

    def update(self, grads, state, params):
        sq = sum(jnp.sum(g.value ** 2) for g in grads.values())
        sq = jax.lax.psum(sq, self.shard_axis)
        norm = jnp.sqrt(jax.lax.pmean(sq, self.reduce_axes))
        factor = jnp.minimum(1.0, self.max_norm / (norm + 1e-6))
        return jax.tree.map(lambda g: g * factor, grads), state


class sgd:
    def __init__(self, lr):
        self.lr = lr

    def init(self, params):
        return ()

    def update(self, grads, state, params):
        return jax.tree.map(lambda g: -self.lr * g, grads), state


class PerShardHead(Module):
    """Each data shard fine-tunes its own head (a per-replica copy, split over fsdp)."""

    def __init__(self, rngs):
        self.w = Param(jax.random.normal(rngs.params(), (4, 6, 2)) * 0.5, sharding=("data", "fsdp", None))

    def __call__(self, x):
        return jax.lax.psum(x @ self.w.value[0], "fsdp")


def inputs():
    rng = np.random.default_rng(6)
    return rng.normal(size=(8, 6)).astype(np.float32), rng.normal(size=(8, 2)).astype(np.float32)


def main(x, y):
    mesh = jax.make_mesh((4, 2), ("data", "fsdp"))
    tx = chain(clip_by_global_norm(1.0, "fsdp", mesh.axis_names), sgd(0.1))
    with jax.set_mesh(mesh):
        model = PerShardHead(Rngs(params=3))
        graphdef, state = split(model, Param)
        specs = state.specs()

        @functools.partial(jax.shard_map, mesh=mesh,
                           in_specs=(specs, P("data", "fsdp"), P("data")), out_specs=specs)
        def step(st, xb, yb):
            m = merge(graphdef, st)
            opt = Optimizer(m, tx)
            grads = jax.grad(lambda s: jnp.mean((merge(graphdef, s)(xb) - yb) ** 2))(st)
            opt.update(grads)
            return split(m, Param)[1]

        state = jax.tree.map(lambda v, s: jax.device_put(v, NamedSharding(mesh, s)), state, specs,
                             is_leaf=lambda a: isinstance(a, P))
        new = jax.jit(step)(state, jax.device_put(x, NamedSharding(mesh, P("data", "fsdp"))),
                            jax.device_put(y, NamedSharding(mesh, P("data"))))
        delta = np.abs(np.asarray(new["w"].value) - np.asarray(state["w"].value)).max()
        print("max update", delta)
        assert 0 < delta < 0.5
        return new["w"].value


if __name__ == "__main__":
    main(*inputs())
