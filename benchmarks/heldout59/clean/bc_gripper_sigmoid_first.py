"""Gripper head of a BC policy: probabilities computed per shard, then gathered reduced."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class GripperHead:
    def __init__(self, joint_axis="joint"):
        self.joint_axis = joint_axis

    def __call__(self, features):
        probs = jax.nn.sigmoid(features)
        return jax.lax.all_gather(probs, self.joint_axis, axis=1, tiled=True, to="reduced")


def inputs():
    return (np.linspace(-3.0, 3.0, 128 * 8, dtype=np.float32).reshape(128, 8),)


def main(features):
    mesh = jax.make_mesh((2, 4), ("demo", "joint"))
    features = jax.device_put(features, NamedSharding(mesh, P("demo", "joint")))
    return jax.shard_map(GripperHead(), mesh=mesh, in_specs=P("demo", "joint"),
                         out_specs=P("demo", None, reduced={"joint"}))(features)


if __name__ == "__main__":
    main(*inputs())
