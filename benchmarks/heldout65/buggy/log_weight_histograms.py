"""Weight histogram logging: the module unshards its tensor-parallel weights, the logger syncs them."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class LitModule:
    tensor_axis = "tensor"

    def full_weights(self, w):
        return jax.lax.all_gather(w, self.tensor_axis, axis=1, tiled=True, to="reduced")

    def log(self, name, value, sync_dist_group=None, reduce_fx="cat"):
        if sync_dist_group and reduce_fx == "cat":
            value = jax.lax.all_gather(value, sync_dist_group, axis=0, tiled=True, to="reduced")
        self._logged[name] = value

    def on_train_epoch_end(self, w):
        self._logged = {}
        self.log("weights/w", self.full_weights(w), sync_dist_group=("fsdp", "tensor"))
        return self._logged


def inputs():
    return (np.random.default_rng(28).normal(size=(8, 8)).astype(np.float32),)


def main(w):
    mesh = jax.make_mesh((2, 2, 2), ("data", "fsdp", "tensor"))
    spec = P("fsdp", "tensor")
    w = jax.device_put(w, NamedSharding(mesh, spec))
    module = LitModule()
    return jax.shard_map(module.on_train_epoch_end, mesh=mesh, in_specs=spec,
                         out_specs={"weights/w": P(None, None, reduced={"fsdp", "tensor"})})(w)


if __name__ == "__main__":
    main(*inputs())
