"""layers/collective_matmul.py in an imagined maxtext-lite fork: ring (collective) matmul for the MLP.

Instead of one all-gather of the activations over the tensor axis, each shard multiplies its
block and passes it around the ring with `ppermute`, overlapping compute and communication.
The ring size and direction come from the mesh axis the `activation_mlp` rule names.
"""
import numpy as np
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


# ----------------------------------------------------------------------------
# pyconfig_lite: copied from configs/pyconfig_lite.py (keep in sync by hand)
# ----------------------------------------------------------------------------
_BASE_CONFIG = {
    "run_name": "lite",
    "per_device_batch_size": 1,
    "max_target_length": 8,
    "emb_dim": 16,
    "mlp_dim": 32,
    "num_heads": 4,
    "head_dim": 4,
    "vocab_size": 32,
    "num_decoder_layers": 2,
    "learning_rate": 1e-2,
    "dtype": "float32",
    "mesh_axes": ["data", "fsdp", "tensor"],
    "ici_parallelism": [2, 2, 2],
    "logical_axis_rules": (
        ("activation_batch", ("data", "fsdp")),
        ("activation_length", None),
        ("activation_embed", None),
        ("activation_heads", "tensor"),
        ("activation_mlp", "tensor"),
        ("activation_vocab", "tensor"),
        ("embed", "fsdp"),
        ("heads", "tensor"),
        ("mlp", "tensor"),
        ("vocab", "tensor"),
        ("norm", None),
    ),
}


def _coerce(old, text):
    if isinstance(old, bool):
        return text.lower() in ("1", "true", "yes")
    if isinstance(old, int):
        return int(text)
    if isinstance(old, float):
        return float(text)
    if isinstance(old, list):
        return [_coerce(old[0], t) if old else t for t in text.split(",")]
    if text in ("None", "none", ""):
        return None
    if "," in text:
        return tuple(t for t in text.split(",") if t)
    return text


class HyperParameters:
    """Base dict + `key=value` overrides; `rule.<logical>=<axis>` rewrites one logical rule."""

    def __init__(self, argv=()):
        raw = dict(_BASE_CONFIG)
        rules = dict(raw["logical_axis_rules"])
        for item in argv:
            key, _, val = item.partition("=")
            if key.startswith("rule."):
                rules[key[len("rule."):]] = _coerce(None, val)
            else:
                raw[key] = _coerce(raw.get(key), val)
        raw["logical_axis_rules"] = tuple(rules.items())
        raw["num_devices"] = int(np.prod(raw["ici_parallelism"]))
        raw["global_batch_size"] = raw["per_device_batch_size"] * raw["num_devices"]
        raw["num_kv"] = raw["num_heads"] * raw["head_dim"]
        self.__dict__.update(raw)

    def get_keys(self):
        return dict(self.__dict__)


def create_device_mesh(config):
    return jax.make_mesh(tuple(config.ici_parallelism), tuple(config.mesh_axes))


def _rule(name, rules):
    for logical, physical in rules:
        if logical == name:
            return physical
    return None


def logical_to_mesh_axes(logical_names, rules):
    """('activation_batch', 'activation_embed') -> P(('data', 'fsdp'), None)."""
    return P(*(None if n is None else _rule(n, rules) for n in logical_names))


def logical_axis_names(logical_names, rules):
    """Flat tuple of the mesh axes the logical names map to (for collectives)."""
    out = []
    for n in logical_names:
        phys = _rule(n, rules)
        if phys is None:
            continue
        out.extend(phys if isinstance(phys, tuple) else (phys,))
    return tuple(dict.fromkeys(out))


def with_logical_constraint(x, logical_names, mesh, rules):
    spec = logical_to_mesh_axes(logical_names, rules)
    return jax.device_put(x, NamedSharding(mesh, spec))
# ----------------------------------------------------------------------------


def ring_perm(size, direction=1):
    return [(i, (i + direction) % size) for i in range(size)]


class RingMatmulMLP:
    def __init__(self, config, mesh):
        self.config = config
        self.mesh = mesh
        rules = config.logical_axis_rules
        self.ring_axis = logical_axis_names(("activation_mlp",), rules)[0]
        self.ring_size = mesh.shape[self.ring_axis]
        self.x_spec = logical_to_mesh_axes(("activation_batch", "activation_length", "activation_mlp"), rules)
        self.w_spec = logical_to_mesh_axes((None, "mlp"), rules)
        self.h_spec = logical_to_mesh_axes(("activation_batch", "activation_length", "activation_mlp"), rules)

    def stage_input(self, x):
        if self.config.prefetch_full_lhs:
            return jax.lax.all_gather(x, self.ring_axis, axis=2, tiled=True, to="reduced")
        return x

    def body(self, x, wi):
        block = self.stage_input(x)
        outs = []
        perm = ring_perm(self.ring_size)
        for _ in range(self.ring_size):
            outs.append(jnp.einsum("bld,dm->blm", block, wi[: block.shape[-1]]))
            block = jax.lax.ppermute(block, self.ring_axis, perm)
        return jax.nn.silu(sum(outs))

    def __call__(self, x, wi):
        return jax.shard_map(self.body, mesh=self.mesh, in_specs=(self.x_spec, self.w_spec),
                             out_specs=self.h_spec)(x, wi)


def inputs():
    return (["run_name=ring_mlp", "prefetch_full_lhs=true", "emb_dim=16"],)


def main(argv):
    _BASE_CONFIG["prefetch_full_lhs"] = False
    config = HyperParameters(argv)
    mesh = create_device_mesh(config)
    rules = config.logical_axis_rules
    rng = np.random.default_rng(21)
    x = rng.standard_normal((config.global_batch_size, config.max_target_length, config.emb_dim)).astype(np.float32)
    wi = (rng.standard_normal((config.emb_dim, config.mlp_dim)) * 0.1).astype(np.float32)
    x = with_logical_constraint(x, ("activation_batch", "activation_length", "activation_mlp"), mesh, rules)
    wi = with_logical_constraint(wi, (None, "mlp"), mesh, rules)
    layer = RingMatmulMLP(config, mesh)
    with jax.set_mesh(mesh):
        h = layer(x, wi)
    print("ring mlp hidden", h.shape, float(jnp.mean(h)))


if __name__ == "__main__":
    main(*inputs())
