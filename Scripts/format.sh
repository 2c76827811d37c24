#!/usr/bin/env bash
# Formats the package's Swift code with the committed .swift-format (the toolchain's swift-format);
# CI runs `swift-format lint --strict` with the same configuration.
set -euo pipefail
cd "$(dirname "$0")/.."
swift-format format --in-place --configuration .swift-format --recursive Sources Tests Package.swift
