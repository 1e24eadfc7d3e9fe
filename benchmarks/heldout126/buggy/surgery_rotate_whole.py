"""surgery/reshard_rotate.py: rotate a tensor-parallel layer's column shards by one device.

Used when a checkpoint's column blocks were written in a rotated device order: each device
fetches the whole kernel (reduced, it is only read), passes it round the ring and keeps the
block its neighbour held.
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


class Dense(Module):
    def __init__(self, d_in, d_out, axis, rngs):
        self.axis = axis
        self.kernel = Param(jnp.arange(d_in * d_out, dtype=jnp.float32).reshape(d_in, d_out),
                            sharding=(None, axis))


class RotateSurgery:
    def __init__(self, axis, size, shift=1):
        self.axis = axis
        self.perm = [(i, (i + shift) % size) for i in range(size)]

    def fetch(self, kernel):
        return jax.lax.all_gather(kernel, self.axis, axis=1, tiled=True, to="reduced")

    def __call__(self, module):
        whole = self.fetch(module.kernel.value)
        received = jax.lax.ppermute(whole, self.axis, self.perm)
        cols = received.shape[1] // len(self.perm)
        src = (jax.lax.axis_index(self.axis) - 1) % len(self.perm)
        module.kernel.value = jax.lax.dynamic_slice_in_dim(received, src * cols, cols, axis=1)
        return module


def inputs():
    return ()


def main():
    mesh = jax.make_mesh((2, 4), ("data", "tensor"))
    with jax.set_mesh(mesh):
        layer = Dense(4, 8, "tensor", Rngs(params=0))
        host = np.asarray(layer.kernel.value)
        graphdef, state = split(layer, Param)
        specs = state.specs()
        state = jax.tree.map(lambda v, s: jax.device_put(v, NamedSharding(mesh, s)), state, specs,
                             is_leaf=lambda a: isinstance(a, P))
        surgery = RotateSurgery("tensor", 4)
        fn = jax.shard_map(lambda st: split(surgery(merge(graphdef, st)), Param)[1], mesh=mesh,
                           in_specs=(specs,), out_specs=specs)
        new = jax.jit(fn)(state)
        np.testing.assert_allclose(np.asarray(new["kernel"].value), np.roll(host, 2, axis=1))
        print("rotated")
        return new["kernel"].value


if __name__ == "__main__":
    main(*inputs())
