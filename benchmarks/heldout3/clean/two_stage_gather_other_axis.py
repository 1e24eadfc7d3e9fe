import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P

RULES = {"embed": "fsdp", "mlp": "tensor"}


def gather_kernel(w):
    rows = lax.all_gather(w, RULES["embed"], axis=0, to="reduced", tiled=True)
    return lax.all_gather(rows, RULES["mlp"], axis=1, to="reduced", tiled=True)


def inputs():
    return (np.arange(128, dtype=np.float32).reshape(8, 16),)


def main(w):
    mesh = jax.make_mesh((2, 4), ("fsdp", "tensor"))
    spec = P(RULES["embed"], RULES["mlp"])
    w = jax.device_put(w, NamedSharding(mesh, spec))
    f = jax.shard_map(gather_kernel, mesh=mesh, in_specs=spec, out_specs=P(reduced={"fsdp", "tensor"}))
    return jax.jit(f)(w)


if __name__ == "__main__":
    print(main(*inputs()))
