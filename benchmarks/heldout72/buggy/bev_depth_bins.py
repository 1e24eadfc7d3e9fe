"""LSS view transformer: per-camera depth distributions lifted into the BEV grid."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

class Registry:
    """A name -> class table filled by decorators, as the model zoo uses it."""

    def __init__(self, name):
        self.name = name
        self._module_dict = {}

    def register_module(self, name=None):
        def _register(obj):
            self._module_dict[name or obj.__name__] = obj
            return obj
        return _register

    def get(self, key):
        return self._module_dict[key]


def build_from_cfg(cfg, registry, default_args=None):
    args = dict(cfg)
    obj_type = args.pop("type")
    for key, value in (default_args or {}).items():
        args.setdefault(key, value)
    return registry.get(obj_type)(**args)


MODELS = Registry("models")
NECKS = MODELS

view_transform = dict(
    type="LSSTransform",
    depth_bins=(1.0, 61.0, 4.0),
    camera_axis="bev",
    gather_axes=("batch", "bev"),
)


@NECKS.register_module()
class LSSTransform:
    def __init__(self, depth_bins, camera_axis, gather_axes):
        lo, hi, step = depth_bins
        self.num_bins = int((hi - lo) / step)
        self.camera_axis = camera_axis
        self.gather_axes = gather_axes

    def get_depth_table(self, depth_logits):
        probs = jax.nn.softmax(depth_logits, axis=-1)
        return jax.lax.all_gather(probs, self.camera_axis, axis=1, tiled=True, to="reduced")

    def lift(self, table):
        return jax.lax.all_gather(table, self.gather_axes, axis=0, tiled=True, to="reduced")

    def __call__(self, depth_logits):
        table = self.get_depth_table(depth_logits)
        return self.lift(table)


def inputs():
    return (np.random.default_rng(1).normal(size=(8, 16, 15)).astype(np.float32),)


def main(depth_logits):
    mesh = jax.make_mesh((2, 4), ("batch", "bev"))
    depth_logits = jax.device_put(depth_logits, NamedSharding(mesh, P("batch", "bev", None)))
    transform = build_from_cfg(view_transform, NECKS)
    lift = jax.shard_map(transform, mesh=mesh, in_specs=P("batch", "bev", None),
                         out_specs=P(None, None, None, reduced={"batch", "bev"}))
    return lift(depth_logits)


if __name__ == "__main__":
    main(*inputs())
