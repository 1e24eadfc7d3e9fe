"""nn/embed/xent.py: vocab-parallel softmax cross-entropy, averaged over the mesh."""
import contextlib
import contextvars
import functools

import numpy as np
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather

# ---------------------------------------------------------------------------------------------
# meta_lite: module registry, declared params, axis rules (copied from nn/meta_lite.py, keep in sync)
# ---------------------------------------------------------------------------------------------
REGISTRY = {}
_MESH = contextvars.ContextVar("meta_lite_mesh", default=None)
_RULES = contextvars.ContextVar("meta_lite_rules", default=())


@contextlib.contextmanager
def axis_rules(mesh, rules):
    # logical axis name -> mesh axis name (or tuple of names); visible to every module below
    m_tok, r_tok = _MESH.set(mesh), _RULES.set(tuple(rules.items()))
    try:
        with jax.set_mesh(mesh):
            yield mesh
    finally:
        _MESH.reset(m_tok)
        _RULES.reset(r_tok)


def current_mesh():
    return _MESH.get()


def logical(name):
    # unknown names pass through, so a spec may mix logical and mesh axis names
    return dict(_RULES.get()).get(name, name)


def resolve(spec):
    dims = tuple(tuple(map(logical, d)) if isinstance(d, tuple) else logical(d) for d in spec._partitions)
    red = {logical(n) for n in spec.reduced}
    return P(*dims, reduced=red) if red else P(*dims)


class Param:
    def __init__(self, shape, spec=P(), scale=0.1):
        self.shape, self.spec, self.scale = shape, spec, scale

    def __set_name__(self, owner, name):
        self.name = name
        owner._declared = {**owner.__dict__.get("_declared", {}), name: self}

    def __get__(self, obj, owner=None):
        return self if obj is None else obj.__dict__["_values"][self.name]

    def __set__(self, obj, value):
        obj.__dict__.setdefault("_values", {})[self.name] = value


def declared(cls):
    # params declared on the class and its bases, base first
    out = {}
    for klass in reversed(cls.__mro__):
        out.update(klass.__dict__.get("_declared", {}))
    return out


class ModuleMeta(type):
    def __new__(mcls, name, bases, ns, **kw):
        cls = super().__new__(mcls, name, bases, ns)
        REGISTRY[ns.get("kind", name.lower())] = cls
        for role in ns.get("roles", {}):
            # generated accessor: self.<role>_axis is the mesh axis the role maps to right now
            setattr(cls, f"{role}_axis", property(lambda self, r=role: logical(self.roles[r])))
        return cls


class Module(metaclass=ModuleMeta):
    roles = {}

    def __init__(self, **children):
        self._children = children

    def __getattr__(self, name):
        children = self.__dict__.get("_children", {})
        if name in children:
            return children[name]
        raise AttributeError(f"{type(self).__name__} has no {name!r}")

    def params(self):
        return {n: getattr(self, n) for n in declared(type(self))}

    def specs(self):
        return {n: resolve(p.spec) for n, p in declared(type(self)).items()}

    def init(self, seed=0):
        rng = np.random.default_rng(seed)
        for n, p in declared(type(self)).items():
            v = (rng.standard_normal(p.shape) * p.scale).astype(np.float32)
            setattr(self, n, jax.device_put(v, NamedSharding(current_mesh(), resolve(p.spec))))
        return self


def _resolve_tree(specs):
    return resolve(specs) if isinstance(specs, P) else tuple(map(resolve, specs))


def sharded(in_specs, out_specs):
    # class decorator: __call__ runs under shard_map on the current mesh, specs resolved late
    def deco(cls):
        body = cls.__call__

        @functools.wraps(body)
        def call(self, *args):
            fn = jax.shard_map(functools.partial(body, self), mesh=current_mesh(),
                               in_specs=tuple(map(resolve, in_specs)), out_specs=_resolve_tree(out_specs))
            return fn(*args)
        cls.__call__ = call
        return cls
    return deco


def derive(name, base, **attrs):
    return type(name, (base,), attrs)
# ---------------------------------------------------------------------------------------------

RULES = {"batch": "dp", "vocab": "vocab"}
MEAN_OVER = ("batch", "vocab")


class Unembed(Module):
    roles = {"vp": "vocab", "dp": "batch"}
    table = Param((32, 8), spec=P("vocab", None))


def loss_fn(mod):
    def body(h, labels, table):
        logits = h @ table.T
        n_local = table.shape[0]
        start = jax.lax.axis_index(mod.vp_axis) * n_local
        m = jax.lax.pmax(jax.lax.stop_gradient(logits.max(axis=-1)), mod.vp_axis)
        lse = jnp.log(jax.lax.psum(jnp.exp(logits - m[:, None]).sum(axis=-1), mod.vp_axis)) + m
        picked = jnp.sum(jax.nn.one_hot(labels - start, n_local) * logits, axis=-1)
        picked = jax.lax.psum(picked, mod.vp_axis)
        return jax.lax.pmean(jnp.mean(lse - picked), tuple(map(logical, MEAN_OVER)))
    return body


def main(h, labels):
    mesh = jax.make_mesh((2, 4), ("dp", "vocab"))
    with axis_rules(mesh, RULES):
        mod = Unembed().init(seed=25)
        put = lambda a: jax.device_put(a, NamedSharding(mesh, resolve(P("batch", *[None] * (a.ndim - 1)))))
        fn = jax.shard_map(loss_fn(mod), mesh=mesh,
                           in_specs=(resolve(P("batch", None)), resolve(P("batch")), mod.specs()["table"]),
                           out_specs=P())
        loss = fn(put(h), put(labels), mod.table)
    print(float(loss))


def inputs():
    rng = np.random.default_rng(25)
    return (rng.standard_normal((8, 8)).astype(np.float32), rng.integers(0, 32, size=(8,)).astype(np.int32))


if __name__ == "__main__":
    main(*inputs())
