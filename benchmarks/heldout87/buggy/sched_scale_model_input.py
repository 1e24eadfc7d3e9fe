"""Euler sampling where every data shard denoises the gathered batch (scale_model_input)."""
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

# ---- scheduling_euler_discrete.py ----

class EulerDiscreteScheduler(SchedulerMixin):
    @register_to_config
    def __init__(self, num_train_timesteps=1000, beta_start=0.00085, beta_end=0.012,
                 beta_schedule="scaled_linear", timestep_spacing="leading"):
        self._init_schedule()
        self.sigmas = ((1 - self.alphas_cumprod) / self.alphas_cumprod) ** 0.5
        self.is_scale_input_called = False

    @property
    def init_noise_sigma(self):
        return float((self.sigmas.max() ** 2 + 1) ** 0.5)

    def scale_model_input(self, sample, timestep):
        sigma = self.sigmas[timestep]
        sample = sample / ((sigma ** 2 + 1) ** 0.5)
        self.is_scale_input_called = True
        return sample

    def step(self, model_output, timestep, sample):
        sigma = float(self.sigmas[timestep])
        prev_t = self.previous_timestep(timestep)
        sigma_next = float(self.sigmas[prev_t]) if prev_t >= 0 else 0.0
        derivative = model_output
        return SchedulerOutput(prev_sample=sample + derivative * (sigma_next - sigma))


def fake_unet(sample, t):
    return jnp.tanh(sample) * 0.1


def inputs():
    return (np.random.default_rng(10).standard_normal((8, 16), dtype=np.float32),)


def main(latents):
    mesh = create_mesh((4, 2), ("dp", "mp"))
    scheduler = EulerDiscreteScheduler()
    scheduler.set_timesteps(4)
    latents = shard(latents * scheduler.init_noise_sigma, mesh, P("dp", "mp"))

    def denoise(latents):
        latents = jax.lax.all_gather(latents, "dp", axis=0, tiled=True, to="reduced")
        for t in scheduler.timesteps:
            latent_model_input = scheduler.scale_model_input(latents, int(t))
            noise_pred = fake_unet(latent_model_input, int(t))
            latents = scheduler.step(noise_pred, int(t), latents).prev_sample
        return latents

    return jax.shard_map(denoise, mesh=mesh, in_specs=P("dp", "mp"), out_specs=P(None, "mp"))(latents)


if __name__ == "__main__":
    main(*inputs())
