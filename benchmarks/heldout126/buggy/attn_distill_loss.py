"""train/attn_distill.py: distil a head-parallel attention layer towards a teacher's outputs.

The step's loss is averaged over the whole mesh by a reducer object built from the mesh config.
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


MESH_CFG = {"shape": (2, 4), "axes": {"batch": "data", "heads": "heads"}}


class MeanReducer:
    def __init__(self, axes):
        self.axes = tuple(axes)

    def __call__(self, value):
        return jax.lax.pmean(value, self.axes)


class ValueHeads(Module):
    def __init__(self, d, n_heads, rngs, head_axis):
        self.head_axis = head_axis
        self.wv = Param(jax.random.normal(rngs.params(), (d, n_heads, d // 2)) * 0.2,
                        sharding=(None, head_axis, None))
        self.wo = Param(jax.random.normal(rngs.params(), (n_heads, d // 2, d)) * 0.2,
                        sharding=(head_axis, None, None))

    def __call__(self, x):
        v = jnp.einsum("bd,dhk->bhk", x, self.wv.value)
        return jax.lax.psum(jnp.einsum("bhk,hkd->bd", jnp.tanh(v), self.wo.value), self.head_axis)


def distill_step(graphdef, specs, reducer, axes, mesh, lr=0.1):
    @functools.partial(jax.shard_map, mesh=mesh,
                       in_specs=(specs, P(axes["batch"]), P(axes["batch"])), out_specs=(specs, P()))
    def step(st, x, teacher):
        def loss_fn(s):
            return jnp.mean((merge(graphdef, s)(x) - teacher) ** 2)

        loss, grads = jax.value_and_grad(loss_fn)(st)
        grads = jax.tree.map(lambda g: jax.lax.pmean(g, axes["batch"]), grads)
        return jax.tree.map(lambda p, g: p - lr * g, st, grads), reducer(loss)

    return jax.jit(step)


def inputs():
    rng = np.random.default_rng(8)
    x = rng.normal(size=(8, 8)).astype(np.float32)
    return x, np.roll(x, 1, axis=1) * 0.5


def main(x, teacher):
    axes = MESH_CFG["axes"]
    mesh = jax.make_mesh(MESH_CFG["shape"], tuple(axes.values()))
    with jax.set_mesh(mesh):
        layer = ValueHeads(8, 8, Rngs(params=4), axes["heads"])
        graphdef, state = split(layer, Param)
        specs = state.specs()
        state = jax.tree.map(lambda v, s: jax.device_put(v, NamedSharding(mesh, s)), state, specs,
                             is_leaf=lambda a: isinstance(a, P))
        step = distill_step(graphdef, specs, MeanReducer(axes.values()), axes, mesh)
        xs = jax.device_put(x, NamedSharding(mesh, P(axes["batch"])))
        ts = jax.device_put(teacher, NamedSharding(mesh, P(axes["batch"])))
        losses = []
        for _ in range(4):
            state, loss = step(state, xs, ts)
            losses.append(float(loss))
        print("distill", losses)
        assert losses[-1] < losses[0]
        return loss


if __name__ == "__main__":
    main(*inputs())
