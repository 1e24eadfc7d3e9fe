import dataclasses

import jax
from jax.sharding import PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class EvalConfig:
    rows: str = "i"
    cols: str = "j"
    scale: float = 0.5


SHARED = EvalConfig()


def inputs(x):
    return x, x * 2


def confidences(a, b, cfg=EvalConfig()):
    mesh = jax.make_mesh((2, 4), (cfg.rows, cfg.cols))

    def body(a, b):
        logits = jax.lax.all_gather(a + b, cfg.cols, axis=1, tiled=True, to="reduced")
        return jax.nn.softmax(logits, axis=-1)  # SF106

    return jax.shard_map(body, mesh=mesh, in_specs=(P(cfg.rows, cfg.cols), P(cfg.rows, cfg.cols)),
                         out_specs=P(cfg.rows, None, reduced={cfg.cols}))(a, b)


def scaled(a, b, axis="j", factor=4):
    mesh = jax.make_mesh((2, 4), ("i", "j"))

    def body(a, b):
        full = jax.lax.all_gather(a - b, axis, axis=1, tiled=True, to="reduced")
        return full / factor  # SF106

    return jax.shard_map(body, mesh=mesh, in_specs=(P("i", axis), P("i", axis)),
                         out_specs=P("i", None, reduced={axis}))(a, b)


def shifted(a, b, cfg=SHARED):
    mesh = jax.make_mesh((2, 4), (cfg.rows, cfg.cols))

    def body(a, b):
        full = jax.lax.all_gather(a * b, cfg.cols, axis=1, tiled=True, to="reduced")
        return full + cfg.scale  # SF106

    return jax.shard_map(body, mesh=mesh, in_specs=(P(cfg.rows, cfg.cols), P(cfg.rows, cfg.cols)),
                         out_specs=P(cfg.rows, None, reduced={cfg.cols}))(a, b)


def run(mesh, x):
    return confidences(*inputs(x)), scaled(*inputs(x)), shifted(*inputs(x))
