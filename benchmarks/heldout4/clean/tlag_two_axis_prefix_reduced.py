"""A resharding utility: activations in a fused (pipe, tensor) layout are gathered to the pipe
axis (a valid prefix) with the tensor axis marked reduced."""
import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


class Stage:
    fused = P(("pipe", "tensor"))
    next_stage = P("pipe", reduced={"tensor"})

    def handoff(self, acts):
        acts = jax.reshard(acts, self.fused)
        return top_level_all_gather(acts, self.next_stage)


def inputs():
    return (np.arange(16 * 2, dtype=np.float32).reshape(16, 2),)


def main(acts):
    mesh = jax.make_mesh((2, 4), ("pipe", "tensor"))
    with jax.set_mesh(mesh):
        acts = jax.device_put(acts, NamedSharding(mesh, P()))
        return Stage().handoff(acts)


if __name__ == "__main__":
    print(main(*inputs()))
