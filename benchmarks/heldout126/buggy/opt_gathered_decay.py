"""train/adamw_fsdp.py: AdamW with decoupled weight decay applied to gathered FSDP weights.

The optimizer works on the whole (all-gathered, reduced) kernel so the decay is computed once
per step; the update is then sliced back to this device's shard.
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


class DecayConfig:
    def __init__(self, lr=0.1, weight_decay=0.01, fsdp_axis="fsdp"):
        self.lr, self.weight_decay, self.fsdp_axis = lr, weight_decay, fsdp_axis


class GatheredDecay:
    def __init__(self, cfg):
        self.cfg = cfg

    def gather(self, w):
        return jax.lax.all_gather(w, self.cfg.fsdp_axis, axis=0, tiled=True, to="reduced")

    def apply(self, w_shard):
        w = self.gather(w_shard)
        decayed = w * (1.0 - self.cfg.lr * self.cfg.weight_decay)
        idx = jax.lax.axis_index(self.cfg.fsdp_axis)
        rows = w_shard.shape[0]
        return jax.lax.dynamic_slice_in_dim(decayed, idx * rows, rows, axis=0)


class Embedding(Module):
    def __init__(self, vocab, d, cfg, rngs):
        self.table = Param(jax.random.normal(rngs.params(), (vocab, d)), sharding=(cfg.fsdp_axis, None))


def make_decay_step(graphdef, specs, decay, mesh):
    def body(st):
        emb = merge(graphdef, st)
        emb.table.value = decay.apply(emb.table.value)
        return split(emb, Param)[1]

    return jax.jit(jax.shard_map(body, mesh=mesh, in_specs=(specs,), out_specs=specs))


def inputs():
    return ()


def main():
    cfg = DecayConfig()
    mesh = jax.make_mesh((4, 2), ("data", cfg.fsdp_axis))
    with jax.set_mesh(mesh):
        emb = Embedding(8, 4, cfg, Rngs(params=10))
        host = np.asarray(emb.table.value)
        graphdef, state = split(emb, Param)
        specs = state.specs()
        state = jax.tree.map(lambda v, s: jax.device_put(v, NamedSharding(mesh, s)), state, specs,
                             is_leaf=lambda a: isinstance(a, P))
        new = make_decay_step(graphdef, specs, GatheredDecay(cfg), mesh)(state)
        np.testing.assert_allclose(np.asarray(new["table"].value), host * (1 - 0.1 * 0.01), rtol=1e-6)
        print("decayed")
        return new["table"].value


if __name__ == "__main__":
    main(*inputs())
