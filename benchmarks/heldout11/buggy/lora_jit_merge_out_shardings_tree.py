"""LoRA export: a jitted merge returns (kernel, adapters) laid out by a tree of out_shardings."""
import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

TRAIN = {"kernel": P(("fsdp", "model"), None), "lora_a": P(None, None)}
EXPORT = {"kernel": P("model", None, reduced={"fsdp"})}


def inputs():
    r = np.random.RandomState(63)
    return r.randn(32, 8).astype(np.float32), r.randn(32, 2).astype(np.float32), r.randn(2, 8).astype(np.float32)


def main(base, a, b):
    mesh = jax.make_mesh((2, 4), ("fsdp", "model"))
    with jax.set_mesh(mesh):
        shardings = (NamedSharding(mesh, TRAIN["kernel"]), NamedSharding(mesh, TRAIN["lora_a"]))
        merge = jax.jit(lambda w, a, b: (w + a @ b, a), out_shardings=shardings)
        merged, _ = merge(jnp.asarray(base), jnp.asarray(a), jnp.asarray(b))
        export = top_level_all_gather(merged, EXPORT["kernel"])
        return export


if __name__ == "__main__":
    print(main(*inputs()).shape)
