"""layers/seq_parallel.py: sequence-parallel transformer MLP on nnx_lite.

Activations enter sharded over the sequence on the model axis; the block all-gathers them for the
column-parallel matmul and reduce-scatters the row-parallel output back to sequence shards.
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


class SPConfig:
    seq_axis = "model"
    batch_axis = "data"
    d_model = 8
    d_ff = 16


def gather_seq(x, axis):
    # the gathered sequence is only read by the matmul, so its cotangent can stay unreduced
    return jax.lax.all_gather(x, axis, axis=1, tiled=True, to="reduced")


def scatter_seq(y, axis):
    return jax.lax.psum_scatter(y, axis, scatter_dimension=1, tiled=True)


class SPMLP(Module):
    def __init__(self, cfg, rngs):
        self.cfg = cfg
        k1, k2 = rngs.params(), rngs.params()
        self.w_in = Param(jax.random.normal(k1, (cfg.d_model, cfg.d_ff)) * 0.3,
                          sharding=(None, cfg.seq_axis))
        self.w_out = Param(jax.random.normal(k2, (cfg.d_ff, cfg.d_model)) * 0.3,
                           sharding=(cfg.seq_axis, None))
        self.act_energy = BatchStat(jnp.zeros(()))

    def __call__(self, x):
        ax = self.cfg.seq_axis
        full = gather_seq(x, ax)
        h = jnp.einsum("bsd,df->bsf", full, self.w_in.value)
        y = jnp.einsum("bsf,fd->bsd", jax.nn.relu(h), self.w_out.value)
        self.act_energy.value = jax.lax.psum(jnp.sum(full * full), ax)
        return x + scatter_seq(y, ax)


def sp_forward(graphdef, specs, cfg, mesh):
    act = P(cfg.batch_axis, cfg.seq_axis, None)

    @functools.partial(jax.shard_map, mesh=mesh, in_specs=(specs, act), out_specs=act)
    def run(st, x):
        return merge(graphdef, st)(x)
    return run


def inputs():
    x = np.sin(np.arange(2 * 8 * 8, dtype=np.float32) / 7.0).reshape(2, 8, 8)
    return (x,)


def main(x):
    cfg = SPConfig()
    mesh = jax.make_mesh((2, 4), (cfg.batch_axis, cfg.seq_axis))
    with jax.set_mesh(mesh):
        model = SPMLP(cfg, Rngs(params=1))
        graphdef, state = split(model, Param)
        specs = state.specs()
        state = jax.tree.map(lambda v, s: jax.device_put(v, NamedSharding(mesh, s)), state, specs,
                             is_leaf=lambda a: isinstance(a, P))
        xs = jax.device_put(x, NamedSharding(mesh, P(cfg.batch_axis, cfg.seq_axis, None)))
        y = jax.jit(sp_forward(graphdef, specs, cfg, mesh))(state, xs)
        ref = x + np.einsum("bsf,fd->bsd",
                            np.maximum(np.einsum("bsd,df->bsf", x, np.asarray(model.w_in.value)), 0),
                            np.asarray(model.w_out.value))
        np.testing.assert_allclose(np.asarray(y), ref, rtol=1e-4, atol=1e-4)
        print("sp mlp ok", y.shape)
        return y


if __name__ == "__main__":
    main(*inputs())
