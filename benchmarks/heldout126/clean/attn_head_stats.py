"""models/head_stats.py: head-parallel attention with per-head statistics, for the dashboards.

Each head shard reports its heads' attention entropy (gathered whole over the head axis,
reduced: the dashboard only reads it) and the mesh-wide mean of its local attention scores.
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


class HeadConfig:
    def __init__(self, d=8, heads=8, axes=("data", "heads")):
        self.d, self.heads, self.hd = d, heads, d // heads * 2
        self.batch_axis, self.head_axis = axes
        self.axes = axes


class HeadAttention(Module):
    def __init__(self, cfg, rngs):
        self.cfg = cfg
        shape = (cfg.d, cfg.heads, cfg.hd)
        self.wq = Param(jax.random.normal(rngs.params(), shape) * 0.3, sharding=(None, cfg.head_axis, None))
        self.wk = Param(jax.random.normal(rngs.params(), shape) * 0.3, sharding=(None, cfg.head_axis, None))
        self.wo = Param(jax.random.normal(rngs.params(), (cfg.heads, cfg.hd, cfg.d)) * 0.3,
                        sharding=(cfg.head_axis, None, None))

    def __call__(self, x):
        q = jnp.einsum("bsd,dhk->bhsk", x, self.wq.value)
        k = jnp.einsum("bsd,dhk->bhsk", x, self.wk.value)
        scores = jnp.einsum("bhsk,bhtk->bhst", q, k) / np.sqrt(self.cfg.hd)
        probs = jax.nn.softmax(scores, axis=-1)
        out = jnp.einsum("bhst,bhsk,hkd->btd", probs, q, self.wo.value)
        return jax.lax.psum(out, self.cfg.head_axis), probs, scores


class HeadStats:
    def __init__(self, cfg):
        self.cfg = cfg

    def __call__(self, probs, scores):
        ent = -jnp.sum(probs * jnp.log(probs + 1e-9), axis=-1).mean(axis=(0, 2))
        per_head = jax.lax.all_gather(ent, self.cfg.head_axis, tiled=True, to="reduced")
        mean_score = jax.lax.pmean(jnp.mean(scores), self.cfg.axes)
        return per_head, mean_score


def make_forward(graphdef, specs, cfg, mesh):
    stats = HeadStats(cfg)

    def body(st, x):
        y, probs, scores = merge(graphdef, st)(x)
        per_head, mean_score = stats(probs, scores)
        return y, per_head, mean_score

    return jax.jit(jax.shard_map(body, mesh=mesh, in_specs=(specs, P(cfg.batch_axis)),
                                 out_specs=(P(cfg.batch_axis), P(cfg.batch_axis, reduced={cfg.head_axis}),
                                            P())))


def inputs():
    return (np.sin(np.arange(4 * 5 * 8, dtype=np.float32) * 0.17).reshape(4, 5, 8),)


def main(x):
    cfg = HeadConfig()
    mesh = jax.make_mesh((2, 4), cfg.axes)
    with jax.set_mesh(mesh):
        attn = HeadAttention(cfg, Rngs(params=23))
        graphdef, state = split(attn, Param)
        specs = state.specs()
        state = jax.tree.map(lambda v, s: jax.device_put(v, NamedSharding(mesh, s)), state, specs,
                             is_leaf=lambda a: isinstance(a, P))
        y, per_head, mean_score = make_forward(graphdef, specs, cfg, mesh)(
            state, jax.device_put(x, NamedSharding(mesh, P(cfg.batch_axis))))
        assert per_head.shape == (2 * cfg.heads,)
        assert np.all(np.asarray(per_head) <= np.log(5) + 1e-4)
        print("head entropy", np.round(np.asarray(per_head)[:cfg.heads], 3), "mean score", float(mean_score))
        return y


if __name__ == "__main__":
    main(*inputs())
