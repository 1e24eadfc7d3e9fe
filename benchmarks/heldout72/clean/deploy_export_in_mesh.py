"""tools/deployment/export_bevdet.py: run the sharded model once, then export its weights."""
import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

deploy_cfg = dict(onnx_config=dict(opset_version=13, save_file="bevdet.onnx"))
WEIGHT_LAYOUT = P("replica", "tensor")
ONNX_LAYOUT = P("replica", None, reduced={"tensor"})


def forward(weight, feats):
    return jnp.tanh(feats * weight)


def export_onnx(weight, onnx_config):
    dense = top_level_all_gather(weight, ONNX_LAYOUT)
    return {"file": onnx_config["save_file"], "backbone.weight": dense}


def inputs():
    rng = np.random.default_rng(63)
    return (rng.normal(size=(8, 8)).astype(np.float32), rng.normal(size=(8, 8)).astype(np.float32))


def main(weight, feats):
    mesh = jax.make_mesh((4, 2), ("replica", "tensor"))
    weight = jax.device_put(weight, NamedSharding(mesh, WEIGHT_LAYOUT))
    feats = jax.device_put(feats, NamedSharding(mesh, WEIGHT_LAYOUT))
    with jax.set_mesh(mesh):
        outputs = jax.jit(forward)(weight, feats)
        outputs.block_until_ready()
        artifact = export_onnx(weight, deploy_cfg["onnx_config"])
    return outputs, artifact


if __name__ == "__main__":
    main(*inputs())
