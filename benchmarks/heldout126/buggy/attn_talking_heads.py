"""models/talking_heads.py: talking-heads attention with head-parallel projections.

The logits of every head are needed to mix heads before the softmax, so each shard's logits are
gathered over the head axis (reduced: the mixing is the only reader and its cotangent is summed
by the backward of the gather).
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


class TalkingHeads(Module):
    def __init__(self, d, n_heads, hd, *, axes, rngs):
        self.batch_axis, self.head_axis = axes
        self.wq = Param(jax.random.normal(rngs.params(), (d, n_heads, hd)) * 0.3,
                        sharding=(None, self.head_axis, None))
        self.wk = Param(jax.random.normal(rngs.params(), (d, n_heads, hd)) * 0.3,
                        sharding=(None, self.head_axis, None))
        self.mix = Param(jnp.eye(n_heads) + 0.05, sharding=None)

    def logits(self, x):
        q = jnp.einsum("bsd,dhk->bhsk", x, self.wq.value)
        k = jnp.einsum("bsd,dhk->bhsk", x, self.wk.value)
        local = jnp.einsum("bhsk,bhtk->bhst", q, k)
        return jax.lax.all_gather(local, self.head_axis, axis=1, tiled=True, to="reduced")

    def __call__(self, x):
        all_heads = self.logits(x)
        probs = jax.nn.softmax(all_heads, axis=-1)
        return jnp.einsum("gh,bhst->bgst", self.mix.value, probs)


def run(layer, x, mesh):
    graphdef, state = split(layer, Param)
    specs = state.specs()
    state = jax.tree.map(lambda v, s: jax.device_put(v, NamedSharding(mesh, s)), state, specs,
                         is_leaf=lambda a: isinstance(a, P))
    fn = jax.shard_map(lambda st, a: merge(graphdef, st)(a), mesh=mesh,
                       in_specs=(specs, P(layer.batch_axis)),
                       out_specs=P(layer.batch_axis, reduced={layer.head_axis}))
    return jax.jit(fn)(state, jax.device_put(x, NamedSharding(mesh, P(layer.batch_axis))))


def inputs():
    return (np.sin(np.arange(2 * 4 * 8, dtype=np.float32) * 0.3).reshape(2, 4, 8),)


def main(x):
    mesh = jax.make_mesh((2, 4), ("data", "heads"))
    with jax.set_mesh(mesh):
        layer = TalkingHeads(8, 4, 2, axes=mesh.axis_names, rngs=Rngs(params=17))
        out = run(layer, x, mesh)
        print("talking heads", out.shape)
        assert out.shape == (2, 4, 4, 4)
        return out


if __name__ == "__main__":
    main(*inputs())
