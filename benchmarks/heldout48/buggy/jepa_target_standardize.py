"""data2vec-style target normalisation: teacher features are joined over the tube shards and
standardised per token before the regression loss."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

TARGET_NORMS = {
    "layer_norm": lambda t: jax.nn.standardize(t, axis=-1),
    "none": lambda t: t,
}


def make_target_builder(norm="layer_norm", tube_axis="tube"):
    normalise = TARGET_NORMS[norm]

    def build(teacher):
        t = jax.lax.all_gather(teacher, tube_axis, axis=-1, tiled=True, to="reduced")
        return normalise(t)

    return build


def inputs():
    return (np.random.default_rng(65).normal(size=(8, 16)).astype(np.float32),)


def main(teacher):
    mesh = jax.make_mesh((4, 2), ("fsdp", "tube"))
    teacher = jax.device_put(teacher, NamedSharding(mesh, P("fsdp", "tube")))
    return jax.shard_map(make_target_builder(), mesh=mesh, in_specs=P("fsdp", "tube"),
                         out_specs=P("fsdp", None))(teacher)


if __name__ == "__main__":
    main(*inputs())
