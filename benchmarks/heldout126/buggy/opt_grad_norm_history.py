"""train/fsdp_sgd.py: FSDP training step with momentum SGD on nnx_lite and a grad-norm history.

Params are sharded over `fsdp`; each data shard computes its gradients, whose norm is recorded
before the data-parallel average (to spot a diverging shard), then averaged and applied by the
Optimizer.
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


class momentum_sgd:
    def __init__(self, lr, beta=0.9):
        self.lr, self.beta = lr, beta

    def init(self, params):
        return jax.tree.map(jnp.zeros_like, params)

    def update(self, grads, mom, params):
        mom = jax.tree.map(lambda m, g: self.beta * m + g, mom, grads)
        return jax.tree.map(lambda m: -self.lr * m, mom), mom


class FSDPLinear(Module):
    def __init__(self, d_in, d_out, rngs, shard_axis="fsdp"):
        self.kernel = Param(jax.random.normal(rngs.params(), (d_in, d_out)) * 0.2,
                            sharding=(shard_axis, None))
        self.shard_axis = shard_axis

    def __call__(self, x):
        w = jax.lax.all_gather(self.kernel.value, self.shard_axis, axis=0, tiled=True,
                               to="invarying")
        return x @ w


class NormHistory:
    def __init__(self, data_axis, shard_axis):
        self.data_axis, self.shard_axis = data_axis, shard_axis

    def record(self, grads):
        sq = sum(jnp.sum(g.value * g.value) for g in grads.values())
        local_norm = jnp.sqrt(jax.lax.psum(sq, self.shard_axis))
        return jax.lax.all_gather(local_norm, self.shard_axis, to="reduced")


def make_train_step(graphdef, specs, tx, history, mesh):
    def body(st, mom, x, y):
        model = merge(graphdef, st)
        opt = Optimizer(model, tx)
        opt.opt_state = mom

        def loss_fn(s):
            return jnp.mean((merge(graphdef, s)(x) - y) ** 2)

        loss, grads = jax.value_and_grad(loss_fn)(st)
        norms = history.record(grads)
        grads = jax.tree.map(lambda g: jax.lax.pmean(g, history.data_axis), grads)
        opt.update(grads)
        return split(model, Param)[1], opt.opt_state, jax.lax.pmean(loss, "data"), norms

    return jax.jit(jax.shard_map(body, mesh=mesh,
                                 in_specs=(specs, specs, P("data"), P("data")),
                                 out_specs=(specs, specs, P(), P("data", reduced={"fsdp"}))))


def inputs():
    rng = np.random.default_rng(11)
    x = rng.normal(size=(16, 8)).astype(np.float32)
    return x, (x @ rng.normal(size=(8, 2))).astype(np.float32)


def main(x, y):
    mesh = jax.make_mesh((4, 2), ("data", "fsdp"))
    with jax.set_mesh(mesh):
        model = FSDPLinear(8, 2, Rngs(params=0))
        tx = momentum_sgd(0.05)
        graphdef, state = split(model, Param)
        specs = state.specs()
        state = jax.tree.map(lambda v, s: jax.device_put(v, NamedSharding(mesh, s)), state, specs,
                             is_leaf=lambda a: isinstance(a, P))
        mom = tx.init(state)
        step = make_train_step(graphdef, specs, tx, NormHistory("data", "fsdp"), mesh)
        xs = jax.device_put(x, NamedSharding(mesh, P("data")))
        ys = jax.device_put(y, NamedSharding(mesh, P("data")))
        first = None
        for _ in range(6):
            state, mom, loss, norms = step(state, mom, xs, ys)
            first = first if first is not None else float(loss)
        print("loss", first, "->", float(loss))
        assert float(loss) < first
        return loss


if __name__ == "__main__":
    main(*inputs())
