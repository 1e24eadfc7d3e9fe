"""BEVFusion-style fuser: lidar and camera BEV maps fused, with synced BN statistics."""
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

model = dict(
    type="BEVFusion",
    fuser=dict(type="ConvFuser", in_channels=[8, 8], out_channels=8),
    norm_cfg=dict(type="SyncBN", sync_axis="bev", eps=1e-3),
    train_cfg=dict(keep_running_stats=True, stats_axis="bev"),
)
mesh_cfg = dict(shape=(2, 4), axes=("batch", "bev"))


@MODELS.register_module()
class SyncBN:
    def __init__(self, sync_axis, eps=1e-5):
        self.sync_axis = sync_axis
        self.eps = eps

    def __call__(self, x):
        mean = jax.lax.pmean(x.mean(axis=(0, 1)), self.sync_axis)
        var = jax.lax.pmean(((x - mean) ** 2).mean(axis=(0, 1)), self.sync_axis)
        return (x - mean) / jnp.sqrt(var + self.eps), mean


@MODELS.register_module()
class ConvFuser:
    def __init__(self, in_channels, out_channels):
        key = jax.random.PRNGKey(0)
        self.weight = jax.random.normal(key, (sum(in_channels), out_channels)) * 0.1

    def __call__(self, lidar_bev, camera_bev):
        return jnp.concatenate([lidar_bev, camera_bev], axis=-1) @ self.weight


@MODELS.register_module()
class BEVFusion:
    def __init__(self, fuser, norm_cfg, train_cfg):
        self.fuser = build_from_cfg(fuser, MODELS)
        self.norm = build_from_cfg(norm_cfg, MODELS)
        self.train_cfg = train_cfg

    def forward_train(self, lidar_bev, camera_bev):
        fused = self.fuser(lidar_bev, camera_bev)
        fused, batch_mean = self.norm(fused)
        if self.train_cfg.get("keep_running_stats"):
            running = jax.lax.all_gather(batch_mean, self.train_cfg["stats_axis"], to="reduced")
            return fused, running
        return fused, batch_mean


def inputs():
    rng = np.random.default_rng(0)
    return (rng.normal(size=(4, 16, 8)).astype(np.float32),
            rng.normal(size=(4, 16, 8)).astype(np.float32))


def main(lidar_bev, camera_bev):
    mesh = jax.make_mesh(mesh_cfg["shape"], mesh_cfg["axes"])
    batch, bev = mesh_cfg["axes"]
    spec = P(batch, bev, None)
    lidar_bev = jax.device_put(lidar_bev, NamedSharding(mesh, spec))
    camera_bev = jax.device_put(camera_bev, NamedSharding(mesh, spec))
    detector = build_from_cfg(model, MODELS)
    step = jax.shard_map(detector.forward_train, mesh=mesh, in_specs=(spec, spec),
                         out_specs=(spec, P(batch, None, reduced={bev})))
    return step(lidar_bev, camera_bev)


if __name__ == "__main__":
    main(*inputs())
