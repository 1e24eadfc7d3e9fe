"""Parameters made by registered initializers, then exported whole for a host-side evaluator."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather

INITIALIZERS = {}


def register_init(name):
    def deco(fn):
        INITIALIZERS[name] = fn
        return fn
    return deco


@register_init("lecun_normal")
def lecun_normal(rng, shape):
    return (rng.normal(size=shape) / np.sqrt(shape[0])).astype(np.float32)


@register_init("zeros")
def zeros(rng, shape):
    return np.zeros(shape, np.float32)


PARAMS = {
    "w_in": ("lecun_normal", (8, 16), P("fsdp", "tp")),
    "b_in": ("zeros", (16,), P("tp")),
}


EXPORT_KWARGS = {"multi_dim": True}


def host_spec(spec):
    axes = {a for a in spec if a is not None}
    return P(*([None] * len(spec)), reduced=axes)


def inputs():
    rng = np.random.default_rng(14)
    return {name: INITIALIZERS[init](rng, shape) for name, (init, shape, _) in PARAMS.items()},


def main(params):
    mesh = jax.make_mesh((2, 4), ("fsdp", "tp"))
    placed = {k: jax.device_put(v, NamedSharding(mesh, PARAMS[k][2])) for k, v in params.items()}
    exported = {}
    with jax.set_mesh(mesh):
        for name, (_, _, spec) in PARAMS.items():
            exported[name] = top_level_all_gather(placed[name], host_spec(spec), **EXPORT_KWARGS)
    return exported


if __name__ == "__main__":
    main(*inputs())
