"""The keys hash by their lower-cased name but compare case-sensitively: 'SUM'
lands on the stored key's hash yet is not equal to it, so the lookup falls back to 'i' (a model
that matched by hash alone would find both axes)."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class ReduceKey:
    def __init__(self, name):
        self.name = name

    def __hash__(self):
        return hash(self.name.lower())

    def __eq__(self, other):
        return isinstance(other, ReduceKey) and self.name == other.name


def main():
    registry = {ReduceKey("sum"): ("i", "j"), ReduceKey("mean"): "i"}
    return reduce_over(registry.get(ReduceKey("SUM"), "i"))


def reduce_over(axes):
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


if __name__ == "__main__":
    main()
