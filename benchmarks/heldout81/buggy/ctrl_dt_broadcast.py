import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

# ---- _sharding.py ------------------------------------------------------------
MESH_AXES = ("paths", "dims")


def device_mesh():
    return jax.make_mesh((2, 4), MESH_AXES)


COLLECTIVES = {
    "sum": jax.lax.psum,
    "max": jax.lax.pmax,
}


def broadcast_reduced(x, axis_name):
    return jax.lax.all_gather(x, axis_name, axis=0, to="reduced", tiled=True)


# ---- _step_size_controller/adaptive.py ---------------------------------------
class AdaptiveStepSize:
    def __init__(self, safety=0.9, reduction="max", axis_name=MESH_AXES[0]):
        self.safety = safety
        self.reduce = COLLECTIVES[reduction]
        self.axis_name = axis_name

    def propose(self, err):
        worst = self.reduce(jnp.abs(err), self.axis_name)
        return broadcast_reduced(worst, self.axis_name)


def inputs():
    return (np.linspace(1e-4, 1e-2, 64, dtype=np.float32).reshape(8, 8),)


def main(err):
    mesh = device_mesh()
    ctrl = AdaptiveStepSize()
    spec = P(*MESH_AXES)
    f = jax.shard_map(ctrl.propose, mesh=mesh, in_specs=spec,
                      out_specs=P(None, MESH_AXES[1], reduced={MESH_AXES[0]}))
    print(jax.jit(f)(jax.device_put(jnp.asarray(err), NamedSharding(mesh, spec))).shape)


if __name__ == "__main__":
    main(*inputs())
