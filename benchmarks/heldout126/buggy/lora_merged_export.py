"""peft/export_merged.py: export LoRA-merged weights of a 2-D sharded projection.

The base kernel's output features are split over ("model", "data"); the adapter's B follows the
same split. `MergeExportConfig` holds the layout the merged kernel is written out with.
"""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
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


OUT_SPLIT = ("model", "data")


@dataclasses.dataclass
class MergeExportConfig:
    scaling: float = 0.5
    layout: P = dataclasses.field(default_factory=lambda: P(None, "data", reduced={"model"}))


class LoRADense(Module):
    def __init__(self, d_in, d_out, rank, rngs):
        self.kernel = Param(jax.random.normal(rngs.params(), (d_in, d_out)) * 0.1,
                            sharding=(None, OUT_SPLIT))
        self.lora_a = Param(jax.random.normal(rngs.lora(), (d_in, rank)) * 0.1, sharding=None)
        self.lora_b = Param(jax.random.normal(rngs.lora(), (rank, d_out)) * 0.1,
                            sharding=(None, OUT_SPLIT))

    def merged(self, scaling):
        return self.kernel.value + scaling * (self.lora_a.value @ self.lora_b.value)


def place(module, mesh):
    _, state = split(module, Param)
    update(module, jax.tree.map(lambda v, s: jax.device_put(v, NamedSharding(mesh, s)), state,
                                state.specs(), is_leaf=lambda a: isinstance(a, P)))


def export_merged(module, cfg):
    merged = jit(lambda m: m.merged(cfg.scaling))(module)
    return top_level_all_gather(merged, cfg.layout)


def inputs():
    return ()


def main():
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    cfg = MergeExportConfig()
    with jax.set_mesh(mesh):
        layer = LoRADense(4, 16, 2, Rngs(params=1, lora=2))
        expected = np.asarray(layer.merged(cfg.scaling))
        place(layer, mesh)
        out = export_merged(layer, cfg)
        np.testing.assert_allclose(np.asarray(out), expected, rtol=1e-5, atol=1e-6)
        print("merged export", out.sharding.spec)
        return out


if __name__ == "__main__":
    main(*inputs())
