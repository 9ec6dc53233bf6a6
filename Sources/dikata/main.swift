print("dikata")
