"""models/moe_router.py: a top-1 router with per-expert load statistics kept as BatchStats.

Experts are sharded over the `expert` mesh axis; tokens over `data`. The router counts how many
tokens each local expert got, sums the counts over the data shards and keeps a history for the
load-imbalance alarm.
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


ROLES = {"tokens": "data", "experts": "expert"}


class Top1Router(Module):
    def __init__(self, d, n_experts, rngs, roles=ROLES):
        self.roles = dict(roles)
        self.w = Param(jax.random.normal(rngs.params(), (d, n_experts)) * 0.5,
                       sharding=(None, self.roles["experts"]))
        self.load = BatchStat(jnp.zeros((n_experts,)), sharding=(self.roles["experts"],))

    def __call__(self, x):
        logits = x @ self.w.value
        local_best = jnp.argmax(logits, axis=-1)
        counts = jax.nn.one_hot(local_best, logits.shape[-1]).sum(0)
        counts = jax.lax.psum(counts, self.roles["tokens"])
        self.load.value = self.load.value * 0.9 + 0.1 * counts
        return logits


class LoadAlarm:
    def __init__(self, axis):
        self.axis = axis

    def snapshot(self, load):
        return jax.lax.all_gather(load, self.axis, tiled=True, to="reduced")


def route(graphdef, specs, alarm, mesh):
    def body(st, x):
        router = merge(graphdef, st)
        logits = router(x)
        new_st = split(router, BatchStat)[1]
        return logits, new_st, alarm.snapshot(router.load.value)

    bs_specs = specs.filter(BatchStat)
    return jax.jit(jax.shard_map(body, mesh=mesh, in_specs=(specs, P(ROLES["tokens"])),
                                 out_specs=(P(ROLES["tokens"], ROLES["experts"]), bs_specs,
                                            P(reduced={alarm.axis}))))


def inputs():
    return (np.sin(np.arange(16 * 8, dtype=np.float32) * 0.7).reshape(16, 8),)


def main(x):
    mesh = jax.make_mesh((2, 4), tuple(ROLES.values()))
    with jax.set_mesh(mesh):
        router = Top1Router(8, 8, Rngs(params=6))
        graphdef, state = split(router)
        specs = state.specs()
        state = jax.tree.map(lambda v, s: jax.device_put(v, NamedSharding(mesh, s)), state, specs,
                             is_leaf=lambda a: isinstance(a, P))
        xs = jax.device_put(x, NamedSharding(mesh, P(ROLES["tokens"])))
        fn = route(graphdef, specs, LoadAlarm(ROLES["experts"]), mesh)
        logits, stats, snap = fn(state, xs)
        update(router, stats)
        print("load", np.asarray(router.load.value))
        assert logits.shape == (16, 8)
        return logits


if __name__ == "__main__":
    main(*inputs())
