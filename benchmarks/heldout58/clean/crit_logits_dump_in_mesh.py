"""Debug dump of the logits seen by the criterion after a training step."""
import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

LOGITS_SPEC = P("data", "vocab")
DUMP_SPEC = P("data", None, reduced={"vocab"})


def train_step(logits, mesh):
    def body(block):
        m = jax.lax.pmax(jnp.max(block, axis=-1, keepdims=True), "vocab")
        return block - m

    return jax.shard_map(body, mesh=mesh, in_specs=LOGITS_SPEC, out_specs=LOGITS_SPEC)(logits)


def dump_logits(logits):
    return top_level_all_gather(logits, DUMP_SPEC)


def inputs():
    rng = np.random.default_rng(23)
    return (rng.standard_normal((8, 32), dtype=np.float32),)


def main(logits):
    mesh = jax.make_mesh((2, 4), ("data", "vocab"))
    with jax.set_mesh(mesh):
        logits = jax.device_put(logits, NamedSharding(mesh, LOGITS_SPEC))
        shifted = train_step(logits, mesh)
        return dump_logits(shifted)


if __name__ == "__main__":
    main(*inputs())
