"""Upload calibration constants to the conditions database in the layout it expects."""
import os

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

MODULE_AXIS = os.environ.get("CAL_MODULE_AXIS", "module")
CHANNEL_AXIS = os.environ.get("CAL_CHANNEL_AXIS", "channel")


class ConditionsUpload:
    def __init__(self, mesh):
        self.mesh = mesh
        self.fit_spec = P(MODULE_AXIS, CHANNEL_AXIS)
        self.db_spec = P(CHANNEL_AXIS, None)

    def fitted(self, constants):
        return jax.device_put(constants, NamedSharding(self.mesh, self.fit_spec))

    def upload(self, constants):
        with jax.set_mesh(self.mesh):
            return top_level_all_gather(constants, self.db_spec)


def inputs():
    return (np.linspace(0.5, 1.5, 32 * 8, dtype=np.float32).reshape(32, 8),)


def main(constants):
    mesh = jax.make_mesh((4, 2), (MODULE_AXIS, CHANNEL_AXIS))
    db = ConditionsUpload(mesh)
    return db.upload(db.fitted(constants))


if __name__ == "__main__":
    main(*inputs())
