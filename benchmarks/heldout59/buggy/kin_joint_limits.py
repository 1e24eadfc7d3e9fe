"""Project the gathered IK joint vector back into the robot's joint limits."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

LIMITS = {"lower": -2.9, "upper": 2.9}


class LimitProjector:
    axis = "joint"

    def full_configuration(self, q):
        return jax.lax.all_gather(q, self.axis, axis=1, tiled=True, to="reduced")

    def project(self, q, limits=LIMITS):
        full = self.full_configuration(q)
        return jnp.maximum(full, limits["lower"])


def inputs():
    return (np.linspace(-4.0, 4.0, 16 * 8, dtype=np.float32).reshape(16, 8),)


def main(q):
    mesh = jax.make_mesh((2, 4), ("pose", LimitProjector.axis))
    q = jax.device_put(q, NamedSharding(mesh, P("pose", "joint")))
    return jax.shard_map(LimitProjector().project, mesh=mesh, in_specs=P("pose", "joint"),
                         out_specs=P("pose", None))(q)


if __name__ == "__main__":
    main(*inputs())
