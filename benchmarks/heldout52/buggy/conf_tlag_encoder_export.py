"""Streaming conformer: the feed-forward kernel is regathered for the on-device export."""
import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

SHARDING_RULES = {
    "ffn_in": (("batch", "chunk"), None),
    "ffn_export": ("chunk", None),
}


def logical_to_spec(name, reduced=()):
    return P(*SHARDING_RULES[name], reduced=set(reduced))


def export_ffn(kernel):
    return top_level_all_gather(kernel, logical_to_spec("ffn_export", reduced=("batch",)))


def inputs():
    return (np.eye(16, dtype=np.float32),)


def main(kernel):
    mesh = jax.make_mesh((2, 4), ("batch", "chunk"))
    kernel = jax.device_put(kernel, NamedSharding(mesh, logical_to_spec("ffn_in")))
    with jax.set_mesh(mesh):
        return export_ffn(kernel)


if __name__ == "__main__":
    main(*inputs())
