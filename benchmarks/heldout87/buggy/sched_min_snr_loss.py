"""Training step with Min-SNR loss weighting computed from the noise scheduler."""
import argparse
import dataclasses
import functools
import inspect
import json
from typing import Optional

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

# ---- configuration_utils.py ----

class FrozenDict(dict):
    """A config dict readable by attribute that nobody may change after __init__."""

    def __getattr__(self, name):
        try:
            return self[name]
        except KeyError as exc:
            raise AttributeError(f"config has no attribute {name!r}") from exc

    def __setitem__(self, key, value):
        raise TypeError(f"cannot set {key!r}: the config is frozen")


class ConfigMixin:
    config_name = "config.json"
    ignore_for_config = ()

    def register_to_config(self, **kwargs):
        internal = dict(getattr(self, "_internal_dict", {}))
        internal.update(kwargs)
        self._internal_dict = FrozenDict(internal)

    @property
    def config(self):
        return self._internal_dict

    @classmethod
    def from_config(cls, config, **kwargs):
        accepted = inspect.signature(cls.__init__).parameters
        merged = {**dict(config), **kwargs}
        return cls(**{k: v for k, v in merged.items() if k in accepted})

    def save_config(self):
        return json.dumps(dict(self.config), sort_keys=True)


def register_to_config(init):
    @functools.wraps(init)
    def inner(self, *args, **kwargs):
        bound = inspect.signature(init).bind(self, *args, **kwargs)
        bound.apply_defaults()
        kept = {k: v for k, v in bound.arguments.items()
                if k != "self" and k not in self.ignore_for_config}
        self.register_to_config(**kept)
        init(self, *args, **kwargs)

    return inner

# ---- parallel_utils.py (pasted from diffusers_jax/utils/parallel_utils.py) ----

def create_mesh(shape, axis_names):
    return jax.make_mesh(tuple(shape), tuple(axis_names))


def shard(x, mesh, spec):
    return jax.device_put(x, NamedSharding(mesh, spec))


def spec_from_layout(layout, reduced=()):
    """`"data,model"` -> P('data', 'model'); `-` marks an unsharded dimension."""
    dims = [None if part == "-" else part for part in layout.split(",")]
    return P(*dims, reduced=set(reduced))


REDUCTIONS = {"sum": jax.lax.psum, "mean": jax.lax.pmean, "max": jax.lax.pmax}


def sync(x, reduction, axis_name):
    return REDUCTIONS[reduction](x, axis_name)


def gather_reduced(x, axis_name, axis=0):
    return jax.lax.all_gather(x, axis_name, axis=axis, tiled=True, to="reduced")

# ---- scheduling_utils.py ----

@dataclasses.dataclass
class SchedulerOutput:
    prev_sample: jax.Array
    pred_original_sample: Optional[jax.Array] = None


def betas_for_schedule(beta_schedule, beta_start, beta_end, num_train_timesteps):
    if beta_schedule == "linear":
        return np.linspace(beta_start, beta_end, num_train_timesteps, dtype=np.float64)
    elif beta_schedule == "scaled_linear":
        return np.linspace(beta_start ** 0.5, beta_end ** 0.5, num_train_timesteps, dtype=np.float64) ** 2
    raise NotImplementedError(f"{beta_schedule} is not implemented")


class SchedulerMixin(ConfigMixin):
    order = 1

    def _init_schedule(self):
        cfg = self.config
        self.betas = betas_for_schedule(cfg.beta_schedule, cfg.beta_start, cfg.beta_end, cfg.num_train_timesteps)
        self.alphas = 1.0 - self.betas
        self.alphas_cumprod = np.cumprod(self.alphas)
        self.timesteps = np.arange(0, cfg.num_train_timesteps)[::-1].copy()

    def set_timesteps(self, num_inference_steps):
        step_ratio = self.config.num_train_timesteps // num_inference_steps
        self.num_inference_steps = num_inference_steps
        self.timesteps = (np.arange(0, num_inference_steps) * step_ratio).round()[::-1].astype(np.int64)

    def previous_timestep(self, timestep):
        return timestep - self.config.num_train_timesteps // self.num_inference_steps

# ---- scheduling_ddpm.py / training_utils.py ----

class DDPMScheduler(SchedulerMixin):
    @register_to_config
    def __init__(self, num_train_timesteps=1000, beta_start=0.0001, beta_end=0.02, beta_schedule="linear",
                 prediction_type="epsilon"):
        self._init_schedule()

    def add_noise(self, original_samples, noise, timesteps):
        alphas_cumprod = jnp.asarray(self.alphas_cumprod, jnp.float32)[timesteps]
        sqrt_alpha_prod = (alphas_cumprod ** 0.5)[:, None]
        sqrt_one_minus = ((1 - alphas_cumprod) ** 0.5)[:, None]
        return sqrt_alpha_prod * original_samples + sqrt_one_minus * noise


def compute_snr(noise_scheduler, timesteps):
    alphas_cumprod = jnp.asarray(noise_scheduler.alphas_cumprod, jnp.float32)[timesteps]
    return alphas_cumprod / (1.0 - alphas_cumprod)


def parse_args(argv):
    parser = argparse.ArgumentParser(description="train_text_to_image (jax port)")
    parser.add_argument("--snr_gamma", type=float, default=5.0)
    parser.add_argument("--channel_axis", default="mp")
    parser.add_argument("--loss_axes", default="dp,mp", help="mesh axes the loss is averaged over")
    return parser.parse_args(argv)


def make_train_step(noise_scheduler, args):
    def train_step(latents, noise, timesteps):
        noisy_latents = noise_scheduler.add_noise(latents, noise, timesteps)
        model_pred = jnp.tanh(noisy_latents)
        sq_err = jax.lax.psum(((model_pred - noise) ** 2).sum(axis=1), args.channel_axis)
        snr = compute_snr(noise_scheduler, timesteps)
        mse_loss_weights = jnp.minimum(snr, args.snr_gamma) / snr
        loss = (sq_err * mse_loss_weights).mean()
        return jax.lax.pmean(loss, axis_name=tuple(args.loss_axes.split(",")))

    return train_step


def inputs():
    rng = np.random.default_rng(9)
    timesteps = rng.integers(0, 1000, size=(8,)).astype(np.int32)
    return rng.standard_normal((8, 16), dtype=np.float32), rng.standard_normal((8, 16), dtype=np.float32), timesteps


def main(latents, noise, timesteps):
    args = parse_args([])
    mesh = create_mesh((4, 2), ("dp", "mp"))
    noise_scheduler = DDPMScheduler.from_config({"num_train_timesteps": 1000, "prediction_type": "epsilon"})
    latents, noise = shard(latents, mesh, P("dp", "mp")), shard(noise, mesh, P("dp", "mp"))
    timesteps = shard(timesteps, mesh, P("dp"))
    train_step = make_train_step(noise_scheduler, args)
    return jax.shard_map(train_step, mesh=mesh, in_specs=(P("dp", "mp"), P("dp", "mp"), P("dp")),
                         out_specs=P())(latents, noise, timesteps)


if __name__ == "__main__":
    main(*inputs())
